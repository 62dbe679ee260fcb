import { Link } from 'wouter';
import { paths } from '@/client/lib/paths';
import { Logo } from './logo';

const COLUMNS = [
  { title: 'Company', links: ['About Us', 'Careers', 'Press', 'Blog'] },
  { title: 'Support', links: ['Help Center', 'Safety', 'Contact Us', 'FAQ'] },
  { title: 'Legal', links: ['Privacy Policy', 'Cookie Policy', 'Accessibility'] },
] as const;

/** The shared footer: company, support and legal columns (placeholder links) and the terms link. */
export function Footer() {
  return (
    <footer className="mt-auto border-t border-slate-200 bg-white">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-4 lg:px-8">
        <div className="grid content-start gap-3">
          <Logo small />
          <p className="text-sm text-slate-600">Medical office space by the hour, day or month, for healthcare professionals.</p>
        </div>
        {COLUMNS.map((column) => (
          <div key={column.title}>
            <h2 className="text-sm font-semibold text-slate-900">{column.title}</h2>
            <ul className="mt-3 grid gap-2">
              {column.links.map((label) => (
                <li key={label}>
                  <a href="#" className="text-sm text-slate-600 hover:text-slate-900">
                    {label}
                  </a>
                </li>
              ))}
              {column.title === 'Legal' ? (
                <li>
                  <Link href={paths.terms()} className="text-sm text-slate-600 hover:text-slate-900">
                    Terms and Conditions
                  </Link>
                </li>
              ) : null}
            </ul>
          </div>
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
