import Box from '@mui/material/Box';
import { useEffect, useLayoutEffect, useRef, useState, type UIEvent } from 'react';
import { telemetryText } from '../strings';
import { columnsFor, windowRange, type Sample } from '../telemetry-rules';
import type { ActiveAlert } from '../api/get-alerts';
import { CARD_HEIGHT, DeviceCard, PlaceholderCard, type CardInsight, type DeviceUnit } from './device-card';

const MIN_CARD = 340;
const GAP = 16;
const ROW = CARD_HEIGHT + GAP;

interface DeviceGridProps {
  deviceIds: string[];
  /** Each device's unit and building, by device id. */
  units?: ReadonlyMap<string, DeviceUnit>;
  samples: Record<string, Sample> | undefined;
  /** Raised equipment alerts by device id (a badge on the card). */
  alerts?: ReadonlyMap<string, ActiveAlert[]>;
  now: number;
  /** The estimates' panel of every card (issue 44). */
  insight?: CardInsight;
}

/** The device cards, windowed: only the rows in view (and a few either side) are rendered, so 1,000 devices scroll smoothly. */
export function DeviceGrid({ deviceIds, units, samples, alerts, now, insight }: DeviceGridProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  const [scrollTop, setScrollTop] = useState(0);
  const rangeRef = useRef({ start: 0, end: 0 });

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setSize({ width: el.clientWidth, height: el.clientHeight });
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  // Marks the first frame drawn with this data (the benchmark reads it).
  const marked = useRef<unknown>(undefined);
  useEffect(() => {
    if (!samples || marked.current === samples) return;
    marked.current = samples;
    requestAnimationFrame(() => performance.mark('telemetry:cards-drawn'));
  }, [samples]);

  const columns = columnsFor(size.width || 960, MIN_CARD, GAP);
  const rowCount = Math.ceil(deviceIds.length / columns);
  const { start, end } = windowRange(scrollTop, size.height || 800, ROW, rowCount);
  rangeRef.current = { start, end };
  // Re-render only when the rows in range change, not on every scroll event.
  const handleScroll = (e: UIEvent<HTMLDivElement>) => {
    const top = e.currentTarget.scrollTop;
    const next = windowRange(top, size.height || 800, ROW, rowCount);
    if (next.start !== rangeRef.current.start || next.end !== rangeRef.current.end) setScrollTop(top);
  };
  const rows = [];
  for (let r = start; r < end; r++) {
    const ids = deviceIds.slice(r * columns, (r + 1) * columns);
    rows.push(
      <Box key={r} sx={{ position: 'absolute', top: r * ROW, left: 0, right: 0, display: 'grid', gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`, gap: `${GAP}px` }}>
        {ids.map((id) => (
          <div role="listitem" key={id}>
            <DeviceCard deviceId={id} unit={units?.get(id)} sample={samples?.[id]} alerts={alerts?.get(id)} now={now} insight={insight} />
          </div>
        ))}
      </Box>,
    );
  }
  return (
    <Box
      ref={ref}
      role="list"
      aria-label={telemetryText.deviceList}
      // A scrolling region with no control inside: focusable, so keyboards can scroll it.
      tabIndex={0}
      onScroll={handleScroll}
      sx={{ overflowY: 'auto', maxHeight: 'max(420px, calc(100vh - 300px))', pr: 0.5 }}
    >
      <Box sx={{ position: 'relative', height: rowCount * ROW - GAP }}>{rows}</Box>
    </Box>
  );
}

/** Six placeholder cards while telemetry loads. */
export function PlaceholderGrid() {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: `repeat(auto-fill, minmax(${MIN_CARD}px, 1fr))`, gap: `${GAP}px` }}>
      {Array.from({ length: 6 }, (_, i) => (
        <PlaceholderCard key={i} />
      ))}
    </Box>
  );
}
