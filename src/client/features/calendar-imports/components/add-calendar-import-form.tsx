import { LoaderCircle, Plus } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { calendarImportInputSchemaFor, CALENDAR_IMPORT_NAME_MAX } from '@/shared/schemas/calendar-imports';
import { Button } from '@/client/components/ui/button';
import { fieldAria, FormField } from '@/client/components/ui/form-field';
import { Input } from '@/client/components/ui/input';
import { isApiError } from '@/client/lib/api-client';
import { useAddCalendarImport } from '../api/add-calendar-import';
import { requestErrorText } from '../lib/feed-text';

// The server decides whether `http://` is allowed (tests only); the form lets it through and shows the server's answer.
const inputSchema = calendarImportInputSchemaFor(true);

type Field = 'name' | 'url';

/** The form's errors by field, from the schema's issues or the server's (`body.url`). */
function fieldErrors(issues: readonly { path: readonly PropertyKey[] | string; message: string }[]): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of issues) {
    const path = typeof issue.path === 'string' ? issue.path.replace(/^body\./, '') : String(issue.path[0] ?? '');
    if ((path === 'name' || path === 'url') && !errors[path]) errors[path] = issue.message;
  }
  return errors;
}

/**
 * "Add a calendar" (its heading one level under the section's): a name and the calendar's secret address. Checked here as the server checks it;
 * a refusal from the server (the space's 5 calendars, a bad address) is shown as it words it.
 */
export function AddCalendarImportForm({ spaceId, headingLevel }: { spaceId: string; headingLevel: 3 | 4 }) {
  const id = useId();
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const add = useAddCalendarImport(spaceId);
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setRefusal(null);
    setAdded(null);
    const parsed = inputSchema.safeParse({ name, url });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    add.mutate(parsed.data, {
      onSuccess: (feed) => {
        setName('');
        setUrl('');
        setAdded(`“${feed.name}” added. Choose Sync now to read it at once, or it is read within a few minutes.`);
      },
      onError: (error) => {
        const serverErrors = isApiError(error, 400) ? fieldErrors(error.serverIssues) : {};
        setErrors(serverErrors);
        if (Object.keys(serverErrors).length === 0) {
          setRefusal(requestErrorText(error, 'The calendar could not be added. Please try again later.'));
        }
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${id}-title`} className="grid gap-3 border-t border-slate-200 pt-4">
      <Heading id={`${id}-title`} className="text-sm font-semibold text-slate-900">
        Add a calendar
      </Heading>
      <div className="grid gap-3 sm:grid-cols-[minmax(0,16rem)_minmax(0,1fr)]">
        <FormField id={`${id}-name`} label="Name" error={errors.name} hint="For you only, e.g. “Practice calendar”.">
          <Input
            {...fieldAria(`${id}-name`, errors.name, true)}
            value={name}
            maxLength={CALENDAR_IMPORT_NAME_MAX}
            autoComplete="off"
            onChange={(event) => setName(event.target.value)}
          />
        </FormField>
        <FormField
          id={`${id}-url`}
          label="Calendar address"
          error={errors.url}
          hint="The secret iCal address (https:// or webcal://) from your calendar’s sharing or export settings."
        >
          <Input
            {...fieldAria(`${id}-url`, errors.url, true)}
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="https://calendar.example.com/…/basic.ics"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
          />
        </FormField>
      </div>
      {refusal ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {refusal}
        </p>
      ) : null}
      <p role="status" className="text-sm text-slate-700 empty:hidden">
        {added}
      </p>
      <Button type="submit" variant="outline" className="justify-self-start" disabled={add.isPending}>
        {add.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Plus aria-hidden="true" />}
        {add.isPending ? 'Adding…' : 'Add calendar'}
      </Button>
    </form>
  );
}
