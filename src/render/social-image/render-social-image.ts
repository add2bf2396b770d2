// Loaded only when a build draws social images (a dynamic import in social-image-runner.ts):
// satori, its layout engine and the resvg WebAssembly module cost nothing to a project without.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { initWasm, Resvg } from '@resvg/resvg-wasm';
import satori, { type Font } from 'satori';
import { backgroundLayout, cardLayout, dataUri, type CardNode } from './card-layout.js';
import { DEFAULT_FAMILY, SOCIAL_IMAGE_HEIGHT, SOCIAL_IMAGE_WIDTH, type CardTheme, type FontAsset, type ImageAsset, type SocialImageResult, type SocialImageTask } from './social-image-task.js';

const require = createRequire(import.meta.url);

/** resvg's WebAssembly module, compiled and instantiated once per thread (`initWasm` may run only once). */
let resvgReady: Promise<void> | undefined;
function loadResvg(): Promise<void> {
  resvgReady ??= readFile(require.resolve('@resvg/resvg-wasm/index_bg.wasm')).then((bytes) => initWasm(bytes));
  return resvgReady;
}

/**
 * Draws social preview images. One per thread: it keeps the fonts satori has parsed (satori
 * caches its parse per `fonts` array, so the same array is handed to it every time) and the
 * images' data URIs, by content hash.
 */
export function createSocialImageRenderer(): (task: SocialImageTask) => Promise<SocialImageResult> {
  const fontSets = new Map<string, Font[]>();
  const uris = new Map<string, string>();
  const fontsOf = (fonts: readonly FontAsset[]): Font[] => {
    const key = fonts.map((f) => `${f.family}\u0000${f.weight}\u0000${f.hash}`).join('\u0001');
    let set = fontSets.get(key);
    if (!set) {
      set = fonts.map((f) => ({ name: f.family, weight: f.weight as Font['weight'], style: 'normal', data: Buffer.from(f.bytes) }));
      fontSets.set(key, set);
    }
    return set;
  };
  const uriOf = (image: ImageAsset): string => {
    let uri = uris.get(image.hash);
    if (uri === undefined) {
      uri = dataUri(image);
      uris.set(image.hash, uri);
    }
    return uri;
  };
  // satori's element type is React's; the card is the same `{ type, props }` shape without React.
  // `under`: a PNG data URI of the card's size laid under everything satori drew, as the SVG's
  // first element — a plain <image>, not satori's <img> with its clip path and mask, which took
  // resvg twice as long.
  const toPng = async (element: CardNode, fonts: readonly FontAsset[], under?: string): Promise<Uint8Array> => {
    const drawn = await satori(element as unknown as Parameters<typeof satori>[0], { width: SOCIAL_IMAGE_WIDTH, height: SOCIAL_IMAGE_HEIGHT, fonts: fontsOf(fonts) });
    const open = /^<svg [^>]*>/.exec(drawn)?.[0];
    if (under !== undefined && open === undefined) throw new Error('satori wrote no <svg> element');
    const svg = under === undefined || open === undefined ? drawn : `${open}<image x="0" y="0" width="${SOCIAL_IMAGE_WIDTH}" height="${SOCIAL_IMAGE_HEIGHT}" href="${under}"/>${drawn.slice(open.length)}`;
    await loadResvg();
    const resvg = new Resvg(svg, { fitTo: { mode: 'width', value: SOCIAL_IMAGE_WIDTH } });
    const rendered = resvg.render();
    try {
      return rendered.asPng();
    } finally {
      rendered.free();
      resvg.free();
    }
  };
  // The background drawn once per thread at the card's size (cover), as a PNG: every card then
  // lays that flat image under its text instead of drawing the background again (Mintlify's own
  // background SVG, masks and gradients, took about 200 ms a card; the plate about 60).
  const plates = new Map<string, Promise<string>>();
  const plateOf = (image: ImageAsset, colour: string, fonts: readonly FontAsset[]): Promise<string> => {
    const key = `${image.hash}\u0000${colour}`;
    let plate = plates.get(key);
    if (!plate) {
      plate = toPng(backgroundLayout(uriOf(image), colour), fonts).then((png) => dataUri({ mime: 'image/png', bytes: png }));
      plates.set(key, plate);
    }
    return plate;
  };
  const draw = async (task: SocialImageTask, theme: CardTheme): Promise<Uint8Array> => {
    const plate = theme.background ? await plateOf(theme.background, theme.palette.background, theme.fonts) : undefined;
    const element = cardLayout(task.text, theme, { ...(theme.logo ? { logo: uriOf(theme.logo) } : {}), onImage: plate !== undefined });
    return toPng(element, theme.fonts, plate);
  };
  return async (task) => {
    const { logo, background, fonts, palette } = task.theme;
    // A project file satori or resvg cannot decode (an image, a font) fails the whole card: it
    // is drawn again with Sheaf's own files only, and the project's are named, so the page
    // still gets its card.
    try {
      return { ok: true, png: await draw(task, task.theme), dropped: [] };
    } catch (error) {
      const reason = messageOf(error);
      const own = [logo?.name, background?.name, ...fonts.map((f) => f.name)].filter((name): name is string => name !== undefined);
      if (!own.length) return { ok: false, reason };
      try {
        const plain: CardTheme = { palette, family: DEFAULT_FAMILY, fonts: fonts.filter((f) => f.name === undefined) };
        return { ok: true, png: await draw(task, plain), dropped: [...new Set(own)].map((name) => ({ name, reason })) };
      } catch (again) {
        return { ok: false, reason: messageOf(again) };
      }
    }
  };
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error)).split('\n')[0]?.slice(0, 300) ?? '';
