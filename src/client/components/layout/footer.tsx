import { Link } from 'wouter';
import { scrollToHash } from '@/client/lib/scroll-to-hash';
import { FOOTER_COLUMNS } from './footer-links';
import { Logo } from './logo';

/** The shared footer: company, support and legal columns. */
export function Footer() {
  return (
    <footer className="mt-auto border-t border-slate-200 bg-white">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-4 lg:px-8">
        <div className="grid content-start gap-3">
          <Logo small />
          <p className="text-sm text-slate-600">Medical office space by the hour, day or month, for healthcare professionals.</p>
        </div>
        {FOOTER_COLUMNS.map((column) => (
          <nav key={column.title} aria-labelledby={`footer-${column.title.toLowerCase()}`}>
            <h2 id={`footer-${column.title.toLowerCase()}`} className="text-sm font-semibold text-slate-900">
              {column.title}
            </h2>
            <ul className="mt-3 grid gap-2">
              {column.links.map((link) => (
                <li key={link.label}>
                  <Link
                    href={link.href}
                    className="text-sm text-slate-600 hover:text-slate-900"
                    // A link to a section of the page already shown (/help#faq from /help) scrolls there.
                    onClick={link.href.includes('#') ? () => requestAnimationFrame(scrollToHash) : undefined}
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-slate-200">
        <p className="mx-auto max-w-7xl px-4 py-5 text-sm text-slate-600 sm:px-6 lg:px-8">
          © {new Date().getFullYear()} ClinicShare. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
