/**
 * `npm run graphics`: the Marketplace listing's graphics, all from one source, docs/publish/graphics/logo.svg.
 * resvg (a real SVG rasterizer) renders the logo into the two icons the store listing asks for
 * (32×32 and 128×128) and a 220×140 card banner (the logo above the name), written beside it as PNGs.
 * Nothing here goes into the Apps Script bundle.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Resvg, type ResvgRenderOptions } from '@resvg/resvg-js';

export const GRAPHICS_DIR = fileURLToPath(new URL('../docs/publish/graphics/', import.meta.url));
export const LOGO_SVG = `${GRAPHICS_DIR}logo.svg`;

/** The banner's name is set in Liberation Sans (Debian's fonts-liberation), so it renders the same everywhere it is installed. */
const FONT_FILES = [
  '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf',
];

/** One PNG the listing needs: its file name in docs/publish/graphics/ and its size in pixels. */
export interface GraphicSpec {
  file: string;
  width: number;
  height: number;
}

/** The listing's graphics (Google Workspace Marketplace: application icons and card banner). */
export const GRAPHICS: readonly GraphicSpec[] = [
  { file: 'icon-32.png', width: 32, height: 32 },
  { file: 'icon-128.png', width: 128, height: 128 },
  { file: 'banner-220x140.png', width: 220, height: 140 },
];

/** The logo's drawing without its outer <svg> element, to place it inside another drawing. */
function logoBody(logo: string): string {
  const start = logo.indexOf('>', logo.indexOf('<svg')) + 1;
  const end = logo.lastIndexOf('</svg>');
  if (start <= 0 || end < start) throw new Error(`${LOGO_SVG} is not an <svg> document`);
  return logo.slice(start, end);
}

/**
 * The 220×140 card banner: the logo centred above the add-on's name and a one-line tagline.
 * @param logo the logo's SVG text
 */
export function bannerSvg(logo: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="220" height="140" viewBox="0 0 220 140">
  <rect width="220" height="140" fill="#ffffff"/>
  <rect width="220" height="4" fill="#1a73e8"/>
  <svg x="78" y="14" width="64" height="64" viewBox="0 0 128 128">${logoBody(logo)}</svg>
  <text x="110" y="103" text-anchor="middle" font-family="Liberation Sans" font-weight="bold" font-size="19" fill="#202124">Search Demand</text>
  <text x="110" y="123" text-anchor="middle" font-family="Liberation Sans" font-size="11.5" fill="#5f6368">Search demand data in Google Sheets</text>
</svg>`;
}

/**
 * Renders one SVG to a PNG of exactly this width (the height follows the drawing's proportions).
 * @param svg the SVG text
 * @param width the PNG's width in pixels
 */
export function renderPng(svg: string, width: number): Buffer {
  const fontFiles = FONT_FILES.filter((file) => existsSync(file));
  const options: ResvgRenderOptions = {
    fitTo: { mode: 'width', value: width },
    // Only the named fonts, never whatever else the machine has, so the output does not depend on it.
    font: { fontFiles, loadSystemFonts: fontFiles.length === 0, defaultFontFamily: 'Liberation Sans' },
  };
  return new Resvg(svg, options).render().asPng();
}

/**
 * Renders every listing graphic from the logo.
 * @param logo the logo's SVG text (docs/publish/graphics/logo.svg by default)
 * @returns each graphic's file name and PNG bytes
 */
export function renderGraphics(logo: string = readFileSync(LOGO_SVG, 'utf8')): { file: string; png: Buffer }[] {
  return GRAPHICS.map(({ file, width }) => ({ file, png: renderPng(file.startsWith('banner') ? bannerSvg(logo) : logo, width) }));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const { file, png } of renderGraphics()) {
    writeFileSync(`${GRAPHICS_DIR}${file}`, png);
    console.log(`docs/publish/graphics/${file} ${png.length} bytes`);
  }
}
