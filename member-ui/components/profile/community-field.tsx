import { useId } from 'react';
import { communitySuggestions } from '../../../contracts/profile-basics';
import { TextField, type TextFieldProps } from '../ui/text-field';

/**
 * The community a family belongs to: free text, optional, with suggestions for the religion and mother tongue chosen
 * (a datalist, so any other answer can be typed).
 */
export function CommunityField({ religion, motherTongue, ...props }: Omit<TextFieldProps, 'label' | 'list'> & { religion: string; motherTongue: string }) {
  const listId = useId();
  const suggestions = communitySuggestions(religion || null, motherTongue || null);
  return (
    <>
      <TextField
        label="Community (optional)"
        autoComplete="off"
        placeholder={suggestions.length ? `e.g. ${suggestions.slice(0, 2).join(', ')}` : 'e.g. the community your family belongs to'}
        hint="Type your own, or pick one of the suggestions"
        list={suggestions.length ? listId : undefined}
        {...props}
      />
      {suggestions.length ? (
        <datalist id={listId}>
          {suggestions.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
      ) : null}
    </>
  );
}
