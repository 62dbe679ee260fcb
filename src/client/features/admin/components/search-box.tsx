import { Search } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';

/** A console search: a labelled box whose text (`initial` at first) is searched on Enter or the button. */
export function SearchBox({
  label,
  placeholder,
  onSearch,
  initial = '',
}: {
  label: string;
  placeholder: string;
  onSearch: (q: string) => void;
  initial?: string;
}) {
  const id = useId();
  const [text, setText] = useState(initial);
  return (
    <form
      role="search"
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text.trim());
      }}
    >
      <div className="grid min-w-64 flex-1 gap-1.5">
        <Label htmlFor={id}>{label}</Label>
        <Input
          id={id}
          type="search"
          value={text}
          placeholder={placeholder}
          maxLength={200}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      <Button type="submit" variant="outline">
        <Search aria-hidden="true" />
        Search
      </Button>
    </form>
  );
}
