import type { Suggestion } from '@yardly/shared/contract';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { productsPath, RENTALS_LIST_PATH } from '../../lib/routes';
import { recentSearches, rememberSearch } from '../../stores/recents';
import { Icon } from '../Icon';
import '../../styles/search.css';

const SUGGEST_DELAY_MS = 200;

/** Suggestions come from the api; loaded on first typing so the header stays light. */
async function fetchSuggestions(q: string): Promise<Suggestion[]> {
  const { browserApi } = await import('../../lib/api');
  return (await browserApi.search.autoSuggest({ q })).suggestions;
}

/** What the list offers: the api's suggestions as one types, or the session's recents in an empty box. */
type Choice = Suggestion | { kind: 'recent'; text: string };

function hrefOf(choice: Choice, section: keyof typeof SEARCHES): string {
  if (choice.kind === 'category' && choice.categoryRefnum) return productsPath({ category: choice.categoryRefnum });
  return searchHref(section, choice.text);
}

function searchHref(section: keyof typeof SEARCHES, q: string): string {
  return section === 'rentals' ? `${RENTALS_LIST_PATH}?${new URLSearchParams({ text: q })}` : productsPath({ q });
}

/**
 * What the box searches: the marketplace's items (/products?q=, with suggestions), or on the
 * rentals pages the places (/rentalslist?text=, the rentals search's own text filter).
 */
const SEARCHES = {
  marketplace: { action: productsPath(), field: 'q', label: 'Search items', placeholder: 'Search for anything' },
  rentals: { action: RENTALS_LIST_PATH, field: 'text', label: 'Search rentals', placeholder: 'Search rentals' },
} as const;

/**
 * The header's search box: a combobox whose list suggests titles and categories as one types
 * (typos forgiven); focused empty, it offers the last searches (the session's recents). Arrow
 * keys move through the list, Enter opens the choice or searches the text, Escape closes the list. On the rentals pages it searches places, without suggestions
 * (they name items and categories of the marketplace).
 */
export function SearchBox({ section = 'marketplace' }: { section?: keyof typeof SEARCHES }) {
  const search = SEARCHES[section];
  const suggests = section === 'marketplace';
  const [text, setText] = useState('');
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const [recents, setRecents] = useState<string[]>([]);
  const [active, setActive] = useState(-1);
  const [open, setOpen] = useState(false);
  const listId = useId();
  const root = useRef<HTMLFormElement>(null);
  const input = useRef<HTMLInputElement>(null);

  // The header hydrates when first touched (client:demand), often by a tap in this box: what
  // was typed by then stays (hydration leaves it in the box), and the box is open as focused.
  // Otherwise it shows the search in the address.
  useEffect(() => {
    const box = input.current;
    setText(box?.value || (new URLSearchParams(window.location.search).get(search.field) ?? ''));
    if (box && document.activeElement === box) {
      setRecents(recentSearches(section));
      setOpen(true);
    }
  }, [search.field, section]);

  useEffect(() => {
    const q = text.trim();
    if (!suggests || q.length < 2) {
      setSuggestions([]);
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      fetchSuggestions(q).then(
        (found) => {
          if (!current) return;
          setSuggestions(found);
          setActive(-1);
        },
        (cause: unknown) => console.warn('No suggestions', cause),
      );
    }, SUGGEST_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [text, suggests]);

  const showsRecents = text.trim() === '';
  const choices: Choice[] = showsRecents ? recents.map((words) => ({ kind: 'recent', text: words })) : suggestions;
  const expanded = open && choices.length > 0;

  function go(href: string) {
    setOpen(false);
    window.location.assign(href);
  }

  function choose(choice: Choice) {
    if (choice.kind !== 'category') rememberSearch(section, choice.text);
    go(hrefOf(choice, section));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const chosen = expanded ? choices[active] : undefined;
    if (chosen) return choose(chosen);
    // The box as the person sees it, even when the search is pressed as the header hydrates.
    const q = String(new FormData(event.currentTarget).get(search.field) ?? '').trim();
    if (!q) return;
    rememberSearch(section, q);
    go(searchHref(section, q));
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!choices.length) return;
      event.preventDefault();
      setOpen(true);
      // -1 is the text itself: the list wraps through it.
      const step = event.key === 'ArrowDown' ? 1 : -1;
      const slots = choices.length + 1;
      setActive((index) => ((index + 1 + step + slots) % slots) - 1);
    } else if (event.key === 'Escape') {
      setOpen(false);
      setActive(-1);
    }
  }

  return (
    <search className="search-box__landmark">
      {/* The action searches as it is, before the header hydrates or without script. */}
      <form
        ref={root}
        action={search.action}
        className="search-box"
        onSubmit={onSubmit}
        onBlur={(event) => {
          if (!root.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
        }}
      >
        <input
          ref={input}
          type="search"
          name={search.field}
          role="combobox"
          aria-label={search.label}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
          placeholder={search.placeholder}
          autoComplete="off"
          maxLength={200}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setActive(-1);
            setOpen(true);
          }}
          onFocus={() => {
            setRecents(recentSearches(section));
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="search-box__submit" aria-label="Search">
          <Icon name="search" size={18} />
          <span className="search-box__submit-text">Search</span>
        </button>
        <div
          id={listId}
          role="listbox"
          aria-label={showsRecents ? 'Recent searches' : 'Suggestions'}
          className="search-box__list"
          hidden={!expanded}
        >
          {choices.map((s, index) => (
            <div
              key={`${s.kind}-${s.text}`}
              id={`${listId}-${index}`}
              role="option"
              // Focus stays in the box (aria-activedescendant); -1 only makes the option clickable to tools.
              tabIndex={-1}
              aria-selected={index === active}
              className="search-box__option"
              // Chosen on mouse down, before the input's blur closes the list.
              onMouseDown={(event) => {
                event.preventDefault();
                choose(s);
              }}
            >
              {s.text}
              {s.kind === 'category' && <span className="search-box__kind"> in categories</span>}
              {s.kind === 'recent' && <span className="search-box__kind"> recent search</span>}
            </div>
          ))}
        </div>
      </form>
    </search>
  );
}
