import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, preloadPage } from './app';

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

// The first render waits for the page's own code (its chunks are already on the way: the server
// lists them in the HTML), so it shows the whole page rather than a placeholder first.
void preloadPage(window.location.pathname).then(() =>
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
