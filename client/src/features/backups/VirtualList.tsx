import { useVirtualizer } from "@tanstack/react-virtual";
import { type ReactNode, useEffect, useRef } from "react";
import { cn } from "@/lib/class-names";

/** Rows drawn beyond the visible ones each way: keyboard focus and a quick wheel land on rows already there. */
const OVERSCAN = 10;

/**
 * A list that draws only the rows near the screen (decision 166), so 10,000 tabs cost what 30 do. It stays a
 * real `<ul>` of `<li>`s with `aria-setsize`/`aria-posinset`, so a screen reader says "tab 9,000 of 10,000"
 * and tests find rows by role and text.
 */
export function VirtualList({
  rowCount,
  rowHeight,
  measureRows = true,
  rowKey,
  renderRow,
  label,
  className,
  listClassName,
  rowClassName,
  focusable = false,
  onRangeChange,
}: {
  rowCount: number;
  /** Each row's height in pixels: exact, or the estimate until a row is drawn and measured. */
  rowHeight: number;
  /**
   * Rows are measured once drawn (rows of any height). Without, every row is `rowHeight` tall: the list's
   * height is known exactly from the start, so End and the scroll bar's end land on the last row at once.
   */
  measureRows?: boolean;
  rowKey: (index: number) => string | number;
  renderRow: (index: number) => ReactNode;
  /** The list's accessible name. */
  label: string;
  /** The scrolling box (give it a max height). */
  className?: string;
  listClassName?: string;
  rowClassName?: string;
  /**
   * The box takes keyboard focus (arrows, Page Down, End scroll it): for rows with nothing focusable in them.
   * Rows with buttons are reached with Tab, which scrolls the focused row into view.
   */
  focusable?: boolean;
  /** The first and last rows drawn, when they change: what to fetch. */
  onRangeChange?: (first: number, last: number) => void;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // The virtualizer re-renders this component itself on scroll; no compiler memoises it (react-hooks' warning).
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    getItemKey: rowKey,
    overscan: OVERSCAN,
  });
  const rows = virtualizer.getVirtualItems();
  const first = rows[0]?.index ?? 0;
  const last = rows.at(-1)?.index ?? -1;
  useEffect(() => {
    if (last >= 0) onRangeChange?.(first, last);
  }, [first, last, onRangeChange]);

  return (
    <div
      ref={scrollRef}
      className={cn("overflow-y-auto overscroll-contain", className)}
      {...(focusable ? { tabIndex: 0, role: "region", "aria-label": `${label}, scrollable` } : {})}
    >
      <ul aria-label={label} className={cn("relative w-full", listClassName)} style={{ height: virtualizer.getTotalSize() }}>
        {rows.map((row) => (
          <li
            key={row.key}
            data-index={row.index}
            ref={measureRows ? virtualizer.measureElement : undefined}
            aria-setsize={rowCount}
            aria-posinset={row.index + 1}
            className={cn("absolute left-0 top-0 w-full", rowClassName)}
            style={{ transform: `translateY(${row.start}px)`, ...(measureRows ? {} : { height: row.size }) }}
          >
            {renderRow(row.index)}
          </li>
        ))}
      </ul>
    </div>
  );
}
