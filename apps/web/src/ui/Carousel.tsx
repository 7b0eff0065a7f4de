import { type ReactNode, useEffect, useRef, useState } from 'react';
import { IconPause, IconPlay } from './icons.tsx';

export interface CarouselLabels {
  /** Accessible name of the whole carousel. */
  region: string;
  slide: (n: number, total: number) => string;
  goTo: (n: number) => string;
  pause: string;
  play: string;
}

function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * One slide visible at a time with pagination dots and `gap` px between slides. With more than one
 * slide it autoplays every `autoplayMs` (paused on hover, focus, a hidden tab or the pause button)
 * and loops; a single slide stands still. People who ask for reduced motion start paused.
 */
export function Carousel<T>({
  items,
  renderItem,
  itemKey,
  labels,
  autoplayMs = 5000,
  gap = 20,
  testId,
  className,
}: {
  items: readonly T[];
  renderItem: (item: T, index: number) => ReactNode;
  itemKey: (item: T) => string | number;
  labels: CarouselLabels;
  autoplayMs?: number;
  gap?: number;
  testId?: string;
  className?: string;
}) {
  const count = items.length;
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(prefersReducedMotion);
  const [held, setHeld] = useState(false);
  const swipeFrom = useRef<number | null>(null);
  const loops = count > 1;
  const current = Math.min(index, Math.max(0, count - 1));

  useEffect(() => {
    if (!loops || paused || held) return;
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') setIndex((i) => (i + 1) % count);
    }, autoplayMs);
    return () => clearInterval(timer);
  }, [loops, paused, held, count, autoplayMs]);

  const go = (next: number) => setIndex(loops ? (next + count) % count : 0);

  return (
    <section
      className={`carousel${className ? ` ${className}` : ''}`}
      aria-roledescription="carousel"
      aria-label={labels.region}
      data-testid={testId}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setHeld(false);
      }}
      onPointerDown={(event) => {
        swipeFrom.current = event.clientX;
      }}
      onPointerUp={(event) => {
        const from = swipeFrom.current;
        swipeFrom.current = null;
        if (from === null || !loops) return;
        const dx = event.clientX - from;
        if (Math.abs(dx) > 40) go(current + (dx < 0 ? 1 : -1));
      }}
    >
      <div className="carousel__viewport">
        <div className="carousel__track" style={{ gap: `${gap}px`, transform: `translateX(calc(${-current} * (100% + ${gap}px)))` }}>
          {items.map((item, i) => (
            // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern names each slide a group with roledescription "slide"
            <div
              key={itemKey(item)}
              className="carousel__slide"
              role="group"
              aria-roledescription="slide"
              aria-label={labels.slide(i + 1, count)}
              aria-hidden={i !== current}
              inert={i !== current}
            >
              {renderItem(item, i)}
            </div>
          ))}
        </div>
      </div>
      {loops ? (
        <div className="carousel__controls">
          <button
            type="button"
            className="carousel__toggle"
            aria-label={paused ? labels.play : labels.pause}
            onClick={() => setPaused((p) => !p)}
          >
            {paused ? <IconPlay size={14} /> : <IconPause size={14} />}
          </button>
          <div className="carousel__dots">
            {items.map((item, i) => (
              <button
                key={itemKey(item)}
                type="button"
                className={`carousel__dot${i === current ? ' is-active' : ''}`}
                aria-label={labels.goTo(i + 1)}
                aria-current={i === current ? 'true' : undefined}
                onClick={() => go(i)}
              />
            ))}
          </div>
        </div>
      ) : null}
    </section>
  );
}
