// A text input with server-side completion (ARIA combobox): suggestions appear while the field has focus,
// Arrow keys move through them, Enter picks, Escape closes. `total`/`hasMore` say how much the server has.
import type { TFunction } from 'i18next';
import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CompletionRequest } from './use-completion';
import { useCompletion } from './use-completion';
import { withHiddenMarked } from '../../../shared/hidden-characters';

interface Props {
  name: string;
  label: string;
  value: string;
  onChange(value: string): void;
  /** Null when the server does not declare `completions`: a plain input then. */
  completion: Omit<CompletionRequest, 'value' | 'name'> | null;
  describedBy?: string;
}

export function CompletionInput({ name, label, value, onChange, completion, describedBy }: Props) {
  const { t } = useTranslation('templates');
  const listId = useId();
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const [active, setActive] = useState(-1);
  const state = useCompletion(completion && { ...completion, name, value }, focused && !dismissed);
  const options = state.result?.values ?? [];
  const open = focused && !dismissed && completion !== null && (options.length > 0 || state.loading || state.error !== null);

  const pick = (option: string) => {
    onChange(option);
    setDismissed(true);
    setActive(-1);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (dismissed) setDismissed(false);
      if (options.length === 0) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive(i => (i + step + options.length) % options.length);
    } else if (e.key === 'Enter' && open && active >= 0 && active < options.length) {
      e.preventDefault();
      pick(options[active]);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      setDismissed(true);
    }
  };

  return (
    <div className="completion">
      <input
        id={`template-arg-${name}`}
        data-testid={`template-arg-${name}`}
        aria-label={label}
        value={value}
        autoComplete="off"
        spellCheck={false}
        role={completion ? 'combobox' : undefined}
        aria-autocomplete={completion ? 'list' : undefined}
        aria-expanded={completion ? open : undefined}
        aria-controls={completion ? listId : undefined}
        aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
        aria-describedby={describedBy}
        onChange={e => {
          onChange(e.target.value);
          setDismissed(false);
          setActive(-1);
        }}
        onFocus={() => setFocused(true)}
        onBlur={() => {
          setFocused(false);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
      />
      {completion && open && (
        <div className="completion-popup">
          <ul id={listId} role="listbox" aria-label={t('suggestionsFor', { name: withHiddenMarked(name) })} className="completion-list">
            {options.map((option, i) => (
              <li
                key={option}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === active}
                data-testid="completion-option"
                className={i === active ? 'completion-option completion-option--active' : 'completion-option'}
                // Keep focus in the input: a blur would close the list before the click lands.
                onMouseDown={e => e.preventDefault()}
                onClick={() => pick(option)}
              >
                {option}
              </li>
            ))}
          </ul>
          <div className="completion-summary" data-testid="completion-summary" aria-live="polite">
            {state.error
              ? t('completionFailed', { message: state.error.message })
              : state.loading && options.length === 0
                ? t('lookingForSuggestions')
                : summary(t, options.length, state.result?.total, state.result?.hasMore)}
          </div>
        </div>
      )}
    </div>
  );
}

function summary(t: TFunction<'templates'>, shown: number, total: number | undefined, hasMore: boolean | undefined): string {
  const counted = total !== undefined && total > shown ? t('suggestionsOf', { count: shown, total }) : t('suggestions', { count: shown });
  return hasMore ? t('moreAvailable', { summary: counted }) : counted;
}
