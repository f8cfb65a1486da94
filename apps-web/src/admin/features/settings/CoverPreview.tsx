import {
  COVER_INK,
  COVER_LAYOUT,
  COVER_LEVEL_COLORS,
  coverLogoSize,
  PAPER_SIZES,
  type PaperSize,
} from '@msp/shared/browser';

export interface CoverPreviewProps {
  /** `#rrggbb`, as it will be saved. */
  accentColor: string;
  providerName: string;
  productName: string;
  paperSize: PaperSize;
  /** The logo's image (an object URL) and its size in pixels, or null without one. */
  logo: { src: string; width: number; height: number } | null;
}

/** What the preview fills the cover with: a made-up submission, as the admin is English. */
const SAMPLE = {
  person: 'Jane Example',
  company: 'Example Managed Services',
  date: 'Completed on 14 March 2026',
  level: 2,
  levelLabel: 'Level 2: Advanced',
  levelDescription: 'Most routine work runs itself; a few processes still wait on people.',
  average: 'Average score across all pillars: 68.4%',
};

/**
 * The PDF report's cover as the settings being typed would print it, drawn in the page's own points
 * (COVER_LAYOUT, shared with the report): the accent band, the logo, the product and title, the
 * sample person and company, the provider, the date and the overall level's panel. Updated on
 * every keystroke, before anything is saved.
 */
export function CoverPreview({ accentColor, providerName, productName, paperSize, logo }: CoverPreviewProps) {
  const page = PAPER_SIZES[paperSize];
  const { margin, bandHeight, logoGap, panelHeight, panelRadius, panelStripe } = COVER_LAYOUT;
  const left = margin.side;
  const width = page.width - 2 * margin.side;
  let y = bandHeight + margin.top;
  const logoSize = logo && coverLogoSize(logo.width, logo.height);
  const logoTop = y;
  if (logoSize) y += logoSize.height + logoGap;
  const productY = y + 11;
  const titleY = productY + 34;
  const preparedY = titleY + 48;
  const panelTop = preparedY + 150;
  const text = (size: number, weight: 'normal' | 'bold' = 'normal', fill: string = COVER_INK.text) => ({
    fontSize: size,
    fontWeight: weight,
    fill,
    fontFamily: 'Noto Sans, Helvetica, Arial, sans-serif',
  });
  return (
    <svg
      className="cover-preview"
      viewBox={`0 0 ${page.width} ${page.height}`}
      role="img"
      aria-label={`Preview of the report cover on ${paperSize === 'a4' ? 'A4' : 'US Letter'} paper`}
      data-accent={accentColor}
      data-paper={paperSize}
    >
      <rect width={page.width} height={page.height} fill="#ffffff" />
      <rect className="cover-preview__band" width={page.width} height={bandHeight} fill={accentColor} />
      {logo && logoSize && (
        <image
          href={logo.src}
          x={left}
          y={logoTop}
          width={logoSize.width}
          height={logoSize.height}
          preserveAspectRatio="xMinYMin meet"
        />
      )}
      <text x={left} y={productY} {...text(11, 'bold', accentColor)}>
        {productName}
      </text>
      <text x={left} y={titleY} {...text(24, 'bold', accentColor)}>
        Automation maturity report
      </text>
      <text x={left} y={preparedY} {...text(9, 'normal', COVER_INK.muted)}>
        Prepared for
      </text>
      <text x={left} y={preparedY + 20} {...text(14, 'bold')}>
        {SAMPLE.person}
      </text>
      <text x={left} y={preparedY + 40} {...text(12)}>
        {SAMPLE.company}
      </text>
      <text x={left} y={preparedY + 70} {...text(10.5)}>
        Prepared by {providerName}
      </text>
      <text x={left} y={preparedY + 88} {...text(10.5)}>
        {SAMPLE.date}
      </text>
      <rect
        x={left}
        y={panelTop}
        width={width}
        height={panelHeight}
        rx={panelRadius}
        fill={COVER_INK.panel}
      />
      <rect
        x={left}
        y={panelTop}
        width={panelStripe}
        height={panelHeight}
        fill={COVER_LEVEL_COLORS[SAMPLE.level]}
      />
      <text x={left + 24} y={panelTop + 30} {...text(10, 'bold', COVER_INK.muted)}>
        Your overall level
      </text>
      <text x={left + 24} y={panelTop + 66} {...text(26, 'bold', accentColor)}>
        {SAMPLE.levelLabel}
      </text>
      <text x={left + 24} y={panelTop + 94} {...text(12)}>
        {SAMPLE.levelDescription}
      </text>
      <text x={left + 24} y={panelTop + 118} {...text(9, 'normal', COVER_INK.muted)}>
        {SAMPLE.average}
      </text>
    </svg>
  );
}
