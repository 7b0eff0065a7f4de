import { type KeyboardEvent, type ReactNode, useRef } from 'react';

export interface TabItem {
  id: string;
  label: ReactNode;
}

/**
 * A row of tabs (WAI-ARIA tabs pattern: arrow keys, Home and End move between them). The caller
 * renders the panel with `tabPanelProps`.
 */
export function Tabs({
  items,
  value,
  onChange,
  label,
  idPrefix,
  className,
}: {
  items: readonly TabItem[];
  value: string;
  onChange: (id: string) => void;
  /** Accessible name of the tab list. */
  label: string;
  idPrefix: string;
  className?: string;
}) {
  const list = useRef<HTMLDivElement>(null);
  const move = (event: KeyboardEvent, index: number) => {
    let next = -1;
    if (event.key === 'ArrowRight' || event.key === 'ArrowDown') next = (index + 1) % items.length;
    else if (event.key === 'ArrowLeft' || event.key === 'ArrowUp') next = (index - 1 + items.length) % items.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = items.length - 1;
    if (next < 0) return;
    event.preventDefault();
    const item = items[next];
    if (!item) return;
    onChange(item.id);
    list.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[next]?.focus();
  };
  return (
    <div ref={list} role="tablist" aria-label={label} className={`tabs${className ? ` ${className}` : ''}`}>
      {items.map((item, index) => {
        const selected = item.id === value;
        return (
          <button
            key={item.id}
            type="button"
            role="tab"
            id={`${idPrefix}-tab-${item.id}`}
            aria-selected={selected}
            aria-controls={`${idPrefix}-panel`}
            tabIndex={selected ? 0 : -1}
            className={`tabs__tab${selected ? ' is-active' : ''}`}
            onClick={() => onChange(item.id)}
            onKeyDown={(event) => move(event, index)}
          >
            {item.label}
          </button>
        );
      })}
    </div>
  );
}

/** Props of the panel that belongs to a `Tabs` row. */
export function tabPanelProps(idPrefix: string, value: string) {
  return { role: 'tabpanel', id: `${idPrefix}-panel`, 'aria-labelledby': `${idPrefix}-tab-${value}`, tabIndex: 0 } as const;
}
