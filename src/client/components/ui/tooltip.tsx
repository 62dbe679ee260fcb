import {
  cloneElement,
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
  type ReactElement,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';

/** How long the pointer rests on a control before its tooltip opens, in ms (docs/product.md, "Constants"). */
export const TOOLTIP_DELAY_MS = 700;
/** Within this many ms of a tooltip closing, the next one opens without the delay (docs/product.md, "Constants"). */
export const TOOLTIP_SKIP_DELAY_MS = 300;

/** Gap between the control and its tooltip, and the least margin to the window's edge, in CSS px. */
const GAP_PX = 6;
const EDGE_PX = 8;

/** When the last tooltip closed (`performance.now()`); shared by every tooltip, as a provider would. */
let lastClosedAt = Number.NEGATIVE_INFINITY;

/** One tooltip's timing: when it opens and closes. Lives outside React's state; only its handlers call it. */
class TooltipTimer {
  private timer: number | undefined;
  private isOpen = false;
  private overBubble = false;

  constructor(private readonly show: (anchor: DOMRect | null) => void) {}

  /** Opens beside `element` after `delay` ms, or at once within the skip delay of the last tooltip closing. */
  open(element: HTMLElement, delay: number): void {
    window.clearTimeout(this.timer);
    const wait = performance.now() - lastClosedAt < TOOLTIP_SKIP_DELAY_MS ? 0 : delay;
    this.timer = window.setTimeout(() => {
      this.isOpen = true;
      this.show(element.getBoundingClientRect());
    }, wait);
  }

  /** The pointer left the control: closes unless it reaches the tooltip within 100 ms. */
  leave(): void {
    window.clearTimeout(this.timer);
    this.timer = window.setTimeout(() => {
      if (!this.overBubble) this.close();
    }, 100);
  }

  enterBubble(): void {
    this.overBubble = true;
  }

  close(): void {
    window.clearTimeout(this.timer);
    this.overBubble = false;
    if (!this.isOpen) return;
    this.isOpen = false;
    lastClosedAt = performance.now();
    this.show(null);
  }

  dispose(): void {
    window.clearTimeout(this.timer);
  }
}

/** The props the tooltip adds to its control; the control's own handlers still run. */
interface TriggerProps {
  'aria-describedby'?: string;
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  onPointerDown?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
}

/**
 * A short text shown beside a control on hover and on keyboard focus (unlike
 * a `title`, which keyboard users never see), with the timing of a Radix
 * `TooltipProvider` set to {@link TOOLTIP_DELAY_MS} and
 * {@link TOOLTIP_SKIP_DELAY_MS}: the pointer opens it after the delay, or at
 * once within the skip delay of another tooltip closing; keyboard focus opens
 * it at once. It stays while the pointer is over it, and Escape, a click,
 * blur, scrolling or leaving close it (WCAG 1.4.13). The control keeps its
 * own accessible name; the tooltip describes it (`aria-describedby`).
 *
 * Written here rather than with `@radix-ui/react-tooltip`, whose positioning
 * library would add about 19 KB of gzipped JavaScript to every page's first
 * load (docs/decisions/007-a-light-first-page.md keeps the search and space
 * pages within 150 KB).
 *
 * @param children the control: one element that passes event props and `aria-describedby` to the DOM
 */
export function Tooltip({ content, children }: { content: string; children: ReactElement<TriggerProps> }) {
  const id = useId();
  const [anchor, setAnchor] = useState<DOMRect | null>(null);
  const [timer] = useState(() => new TooltipTimer(setAnchor));
  const own = children.props;

  useEffect(() => () => timer.dispose(), [timer]);
  useEffect(() => {
    if (!anchor) return;
    const close = () => timer.close();
    window.addEventListener('scroll', close, { capture: true, passive: true });
    return () => window.removeEventListener('scroll', close, { capture: true });
  }, [anchor, timer]);

  const trigger = cloneElement(children, {
    'aria-describedby': anchor ? [own['aria-describedby'], id].filter(Boolean).join(' ') : own['aria-describedby'],
    onPointerEnter: (event) => {
      own.onPointerEnter?.(event);
      if (event.pointerType === 'mouse') timer.open(event.currentTarget, TOOLTIP_DELAY_MS);
    },
    onPointerLeave: (event) => {
      own.onPointerLeave?.(event);
      timer.leave();
    },
    onPointerDown: (event) => {
      own.onPointerDown?.(event);
      timer.close();
    },
    onFocus: (event) => {
      own.onFocus?.(event);
      if (event.currentTarget.matches(':focus-visible')) timer.open(event.currentTarget, 0);
    },
    onBlur: (event) => {
      own.onBlur?.(event);
      timer.close();
    },
    onKeyDown: (event) => {
      own.onKeyDown?.(event);
      if (event.key === 'Escape' && anchor) {
        event.stopPropagation();
        timer.close();
      }
    },
  });

  return (
    <>
      {trigger}
      {anchor
        ? createPortal(
            <TooltipBubble id={id} anchor={anchor} onPointerEnter={() => timer.enterBubble()} onPointerLeave={() => timer.close()}>
              {content}
            </TooltipBubble>,
            document.body,
          )
        : null}
    </>
  );
}

/** The tooltip above its control (below when there is no room above), kept inside the window. */
function TooltipBubble({
  id,
  anchor,
  children,
  onPointerEnter,
  onPointerLeave,
}: {
  id: string;
  anchor: DOMRect;
  children: string;
  onPointerEnter: () => void;
  onPointerLeave: () => void;
}) {
  const bubble = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = bubble.current;
    if (!element) return;
    const { width, height } = element.getBoundingClientRect();
    const above = anchor.top - GAP_PX - height >= EDGE_PX;
    const centre = anchor.left + anchor.width / 2;
    const left = Math.min(Math.max(centre - width / 2, EDGE_PX), window.innerWidth - EDGE_PX - width);
    element.style.left = `${left}px`;
    element.style.top = `${above ? anchor.top - GAP_PX - height : anchor.bottom + GAP_PX}px`;
    element.style.visibility = 'visible';
  }, [anchor]);
  return (
    <div
      ref={bubble}
      id={id}
      role="tooltip"
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
      className="invisible fixed top-0 left-0 z-[60] max-w-[calc(100vw-16px)] rounded-md bg-slate-900 px-2.5 py-1.5 text-xs font-medium text-white shadow-md"
    >
      {children}
    </div>
  );
}
