import { LOGO_MAX_BYTES, LOGO_MAX_PIXELS, LOGO_TYPES, MESSAGES } from '@quotebook/domain';

export { LOGO_MAX_BYTES, LOGO_TYPES };
export const LOGO_MAX_SIDE = LOGO_MAX_PIXELS;

export const LOGO_MESSAGES = {
  type: MESSAGES.logoWrongType,
  size: MESSAGES.logoTooLarge,
  dimensions: MESSAGES.logoTooWide,
  unreadable: MESSAGES.logoUnreadable,
} as const;

export interface ImageSize {
  width: number;
  height: number;
}

/** Loads the picture the way the browser will show it, to learn its pixel size. */
export function readImageSize(file: Blob): Promise<ImageSize> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => {
      URL.revokeObjectURL(url);
      resolve({ width: image.naturalWidth, height: image.naturalHeight });
    };
    image.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error(LOGO_MESSAGES.unreadable));
    };
    image.src = url;
  });
}

/** The checks the gateway makes too (JPG, PNG or GIF, at most 5 MB and 150×150 pixels), done first so a wrong file never travels. */
export async function logoFileProblem(
  file: Pick<File, 'type' | 'size'> & Blob,
  measure: (file: Blob) => Promise<ImageSize> = readImageSize,
): Promise<string | null> {
  if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return LOGO_MESSAGES.type;
  if (file.size > LOGO_MAX_BYTES) return LOGO_MESSAGES.size;
  try {
    const { width, height } = await measure(file);
    if (width > LOGO_MAX_SIDE || height > LOGO_MAX_SIDE) return LOGO_MESSAGES.dimensions;
  } catch {
    return LOGO_MESSAGES.unreadable;
  }
  return null;
}
