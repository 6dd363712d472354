import { buffer } from 'node:stream/consumers';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ASSETS_DIR, assetsPrefix } from '@embed/render-core';
import { FILES_PATH, isImageKey, isStorageKey, ObjectStorage } from '@embed/storage';
import { BlockedResourceError } from './blocked-resource-error';
import { type FetchedResource, safeFetch } from './safe-fetch';

/**
 * Loads what a design refers to while it is made into a file. Images uploaded through
 * the editor are read straight from storage (the gateway that serves them may well be
 * on a private address, which the sandbox would refuse), and so are the images the
 * renderer adds (social icons, an image's placeholder: render-core's assets), from the
 * files the gateway serves them from; anything else goes through the public-only fetch.
 */
export class ResourceLoader {
  private readonly uploadedImages: string;
  private readonly renderAssets: string;

  constructor(
    private readonly storage: ObjectStorage,
    publicBaseUrl: string,
  ) {
    this.uploadedImages = `${publicBaseUrl.replace(/\/$/, '')}${FILES_PATH}`;
    this.renderAssets = assetsPrefix(publicBaseUrl);
  }

  async load(address: string, signal?: AbortSignal): Promise<FetchedResource> {
    if (address.startsWith(this.uploadedImages)) {
      const key = decodeURIComponent(new URL(address).pathname.slice(FILES_PATH.length));
      if (!isImageKey(key) || !isStorageKey(key)) throw new BlockedResourceError('not an uploaded image');
      const object = await this.storage.get(key);
      if (!object) return { status: 404, contentType: 'text/plain', body: Buffer.alloc(0) };
      return { status: 200, contentType: object.contentType, body: await buffer(object.body) };
    }
    if (address.startsWith(this.renderAssets)) {
      const name = address.slice(this.renderAssets.length);
      if (!/^[a-z0-9-]{1,60}\.png$/.test(name)) throw new BlockedResourceError('not an image the renderer adds');
      const body = await readFile(path.resolve(ASSETS_DIR, name)).catch(() => null);
      return body ? { status: 200, contentType: 'image/png', body } : { status: 404, contentType: 'text/plain', body: Buffer.alloc(0) };
    }
    return safeFetch(address, undefined, signal);
  }
}
