import { LIMITS } from '../../contracts/enums';

/** About what a phone's default camera mode writes: plenty for a profile photo, a fraction of a 48 MP file. */
export const UPLOAD_TARGET_PIXELS = 12_000_000;

/**
 * What is sent for a chosen photo: whatever the browser can decode is redrawn upright (EXIF orientation
 * applied), scaled down to about 12 MP and re-encoded as JPEG, which leaves the camera's metadata (GPS location
 * included) on the device. A file the browser cannot decode (a text file named .jpg, HEIC on most browsers) is
 * sent as it is, and the server says what is wrong with it.
 */
export async function preparePhoto(file: File): Promise<File> {
  if (typeof createImageBitmap !== 'function') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    const scale = Math.min(1, Math.sqrt(UPLOAD_TARGET_PIXELS / (bitmap.width * bitmap.height)));
    // An animated GIF small enough is kept as it is (the server keeps its first frame).
    if (file.type === 'image/gif' && scale === 1 && file.size <= LIMITS.photoMaxBytes) return file;
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const blob = await drawJpeg(bitmap, width, height);
    if (!blob) return file;
    const base = file.name.replace(/\.[^.]*$/, '') || 'photo';
    return new File([blob], `${base}.jpg`, { type: 'image/jpeg', lastModified: file.lastModified });
  } finally {
    bitmap.close();
  }
}

async function drawJpeg(bitmap: ImageBitmap, width: number, height: number): Promise<Blob | null> {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) return null;
    paint(context, bitmap, width, height);
    return canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 });
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return null;
  paint(context, bitmap, width, height);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.9));
}

function paint(context: OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D, bitmap: ImageBitmap, width: number, height: number) {
  // Transparent PNG areas become white, not black, in the JPEG.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, width, height);
}
