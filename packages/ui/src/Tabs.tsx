import { useId, useRef } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { cx } from './cx';

export interface TabDef<K extends string> {
  key: K;
  label: string;
}

export interface TabsProps<K extends string> {
  tabs: ReadonlyArray<TabDef<K>>;
  /** The selected tab; the caller keeps it (e.g. in the URL, so a reload opens the same one). */
  value: K;
  onChange: (key: K) => void;
  /** The tab list's accessible name. */
  label: string;
  /** Test ids: `{testIdPrefix}-tab-{key}` and `{testIdPrefix}-panel-{key}`. */
  testIdPrefix: string;
  /** Extra class of the panel (its layout belongs to the app). */
  panelClassName?: string;
  /** The selected tab's content. */
  children: ReactNode;
}

/**
 * WAI-ARIA tabs (the semantics Radix Tabs gives, without the dependency): one tab stop (roving
 * tabindex); arrow keys, Home and End move between the tabs and select them; the panel is
 * labelled by its tab. Imported as `@forum/ui/Tabs`, not from the index: the index re-exports are
 * all kept (the package has side effects: its CSS), and a visitor's first page has no tabs.
 * Its styles are in components.css (`ui-tabs`).
 */
export function Tabs<K extends string>({
  tabs,
  value,
  onChange,
  label,
  testIdPrefix,
  panelClassName,
  children,
}: TabsProps<K>) {
  const base = useId();
  const refs = useRef(new Map<K, HTMLButtonElement>());
  const tabId = (key: K) => `${base}-tab-${key}`;
  const panelId = (key: K) => `${base}-panel-${key}`;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // From the focused tab, not from `value`: the caller may apply a change a render late (e.g. a
    // URL update), and a second key press before then must still move on from where focus is.
    const focused = tabs.findIndex((t) => refs.current.get(t.key) === event.target);
    const index = focused >= 0 ? focused : tabs.findIndex((t) => t.key === value);
    let next = -1;
    if (event.key === 'ArrowRight') next = (index + 1) % tabs.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    if (next < 0) return;
    event.preventDefault();
    const key = tabs[next]!.key;
    onChange(key);
    refs.current.get(key)?.focus();
  };

  return (
    <div className="ui-tabs">
      <div
        role="tablist"
        aria-label={label}
        aria-orientation="horizontal"
        className="ui-tabs__list"
        onKeyDown={onKeyDown}
      >
        {tabs.map((tab) => {
          const selected = tab.key === value;
          return (
            <button
              key={tab.key}
              ref={(el) => {
                if (el) refs.current.set(tab.key, el);
                else refs.current.delete(tab.key);
              }}
              type="button"
              role="tab"
              id={tabId(tab.key)}
              aria-selected={selected}
              aria-controls={panelId(tab.key)}
              tabIndex={selected ? 0 : -1}
              className="ui-tabs__tab"
              onClick={() => onChange(tab.key)}
              data-testid={`${testIdPrefix}-tab-${tab.key}`}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={panelId(value)}
        aria-labelledby={tabId(value)}
        tabIndex={0}
        className={cx('ui-tabs__panel', panelClassName)}
        data-testid={`${testIdPrefix}-panel-${value}`}
      >
        {children}
      </div>
    </div>
  );
}
