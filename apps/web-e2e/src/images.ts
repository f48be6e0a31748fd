import { writeFileSync } from 'node:fs';
import { pngOf } from '@quotebook/testing';

/** Writes a valid PNG of the given size and returns its path (for file inputs). */
export function pngFile(path: string, width: number, height: number): string {
  writeFileSync(path, pngOf(width, height));
  return path;
}
