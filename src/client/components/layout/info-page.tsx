import { type ReactNode, useEffect } from 'react';
import type { InfoPage } from '@/shared/info-pages';
import { PageMeta } from '@/client/components/page-meta';
import { scrollToHash } from '@/client/lib/scroll-to-hash';

/** One section of a static page: its anchor id, heading and text. */
export interface InfoSection {
  id: string;
  title: string;
  body: ReactNode;
}

/**
 * A static page (src/shared/info-pages.ts): its title and description in `<head>`, its heading and
 * introduction, a list of its sections that links to each, then the sections. Opened at
 * `#section`, it scrolls there once shown.
 */
export function InfoPageLayout({
  page,
  intro,
  sections,
  children,
}: {
  page: InfoPage;
  intro: ReactNode;
  sections: readonly InfoSection[];
  /** Shown after the sections (a form). */
  children?: ReactNode;
}) {
  useEffect(scrollToHash, []);
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <PageMeta title={page.title} description={page.description} />
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{page.heading}</h1>
      <div className="mt-2 grid gap-2 leading-relaxed text-slate-600">{intro}</div>

      {sections.length > 1 ? (
        <nav aria-label="Sections" className="mt-6 rounded-xl border border-slate-200 bg-white p-5">
          <ol className="grid gap-1.5 text-sm sm:grid-cols-2">
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="text-primary hover:underline">
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
      ) : null}

      {sections.length > 0 ? (
        <div className="mt-8 grid gap-8">
          {sections.map((section) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-heading`}
              className="grid scroll-mt-24 gap-3 leading-relaxed text-slate-700"
            >
              <h2 id={`${section.id}-heading`} className="text-xl font-semibold text-slate-900">
                {section.title}
              </h2>
              {section.body}
            </section>
          ))}
        </div>
      ) : null}
      {children}
    </div>
  );
}
