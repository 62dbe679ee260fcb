import { useId, useState } from 'react';
import { Label } from '@/client/components/ui/label';
import { Select } from '@/client/components/ui/select';
import { CalendarImportsSection } from './calendar-imports-section';

/**
 * The owner calendar's "Calendars" section: the imported calendars of the space the calendar is
 * filtered to (`spaceId`), or, showing all of several spaces, of the space chosen here.
 */
export function OwnerCalendarImports({ spaces, spaceId }: { spaces: readonly { id: string; title: string }[]; spaceId: string | null }) {
  const id = useId();
  const [chosen, setChosen] = useState('');
  if (spaces.length === 0) return null;
  const picked = spaceId ?? (spaces.some((space) => space.id === chosen) ? chosen : spaces[0]!.id);
  const picker =
    spaceId === null && spaces.length > 1 ? (
      <div className="grid w-full max-w-xs gap-1.5">
        <Label htmlFor={`${id}-space`}>Imported into</Label>
        <Select id={`${id}-space`} value={picked} onChange={(event) => setChosen(event.target.value)}>
          {spaces.map((space) => (
            <option key={space.id} value={space.id}>
              {space.title}
            </option>
          ))}
        </Select>
      </div>
    ) : null;
  return <CalendarImportsSection spaceId={picked} spacePicker={picker} />;
}
