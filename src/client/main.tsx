import './styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App, preloadPage } from './app';

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

// The first render waits for the page's own code (its chunks are already on the way: the server
// lists them in the HTML), so it shows the whole page rather than a placeholder first. It is a
// transition, which React renders in slices of a few milliseconds, giving the browser back its main
// thread between them (a tap or a key press on a slow phone is not held up behind the whole render:
// Total Blocking Time); only the commit, which puts the finished page in the document, is one piece.
void preloadPage(window.location.pathname).then(() => {
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
});
