import type { PageBox, PageOutline } from '@symposium/domain';

/** The drawn width of a thumbnail in CSS pixels; its height follows the page's proportions. */
export const THUMBNAIL_WIDTH = 150;

/**
 * A page drawn small: the page's rectangle, its text lines as grey boxes and the evidence boxes in red, all in
 * the page's own PDF points (the viewBox), scaled to THUMBNAIL_WIDTH. One image for screen readers, named after
 * the page ("Page 9 with the finding marked").
 */
export function PageThumbnail({ outline, marks }: { outline: PageOutline; marks: PageBox[] }) {
  const { width, height } = outline;
  // strokes stay about 1–2 px wide whatever the page size
  const px = width / THUMBNAIL_WIDTH;
  const label = marks.length ? `Page ${outline.page} with the finding marked` : `Page ${outline.page}`;
  return (
    <svg
      role="img"
      aria-label={label}
      data-testid="page-thumbnail"
      data-page={outline.page}
      viewBox={`0 0 ${width} ${height}`}
      width={THUMBNAIL_WIDTH}
      height={Math.round((THUMBNAIL_WIDTH * height) / width)}
      style={{ display: 'block', flexShrink: 0 }}
    >
      <rect x={0} y={0} width={width} height={height} fill="#fff" stroke="#757575" strokeWidth={px} />
      {outline.lines.map((l, i) => (
        <rect key={i} x={l.x} y={l.y} width={l.width} height={Math.max(l.height, px)} fill="#c4c4c4" />
      ))}
      {marks.map((b, i) => (
        <rect
          key={`mark-${i}`}
          data-testid="evidence-box"
          x={b.x - px}
          y={b.y - px}
          width={b.width + 2 * px}
          height={b.height + 2 * px}
          fill="rgba(198, 40, 40, 0.15)"
          stroke="#c62828"
          strokeWidth={2 * px}
        />
      ))}
    </svg>
  );
}
