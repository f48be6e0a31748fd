import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { NormalizePathDto, ObjectPathView, Principal, SignatureUploadClaim, UploadUrlView } from '@quotebook/contracts';
import { DOCUMENT_API_MESSAGES, DOCUMENT_MESSAGES, UPLOAD_URL_MINUTES } from '@quotebook/domain';
import { appError, FileStorage } from '@quotebook/server-core';
import { readTenant, withTenant } from '@quotebook/server-core/service';
import { DataSource, EntityManager } from 'typeorm';
import { requireTemplateAdministration } from '../access';
import {
  newUploadToken,
  objectPathOf,
  parseObjectPath,
  type SignatureExtension,
  type SignatureObject,
  storageKeyOf,
  tenantOfToken,
  tokenHash,
  tokenOfUploadUrl,
  UPLOAD_URL_PATH,
} from './signature-objects';

const EXTENSIONS: readonly SignatureExtension[] = ['png', 'jpg', 'gif', 'webp'];

const urlInvalid = () => appError('UPLOAD_URL_INVALID', DOCUMENT_MESSAGES.uploadUrlInvalid);

interface UploadRow {
  object_id: string;
  extension: SignatureExtension | null;
  claimed: boolean;
  live: boolean;
}

/**
 * Signature images arrive as the spec's client sends them: an admin asks for an upload URL, PUTs the
 * file to it (the gateway checks the file and claims the URL here, once, before it expires), then asks
 * for the object path a template keeps.
 */
@Injectable()
export class SignaturesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly storage: FileStorage,
  ) {}

  async uploadUrl(principal: Principal, tenantId: string): Promise<UploadUrlView> {
    requireTemplateAdministration(principal, tenantId);
    const token = newUploadToken(tenantId);
    await withTenant(this.dataSource, tenantId, async (manager) => {
      // the agency's expired, unused URLs go: only live URLs and done uploads are kept
      await manager.query(`DELETE FROM documents.signature_uploads WHERE tenant_id = $1 AND claimed_at IS NULL AND expires_at < now()`, [tenantId]);
      await manager.query(
        `INSERT INTO documents.signature_uploads (tenant_id, token_hash, expires_at) VALUES ($1, $2, now() + make_interval(mins => $3))`,
        [tenantId, tokenHash(token), UPLOAD_URL_MINUTES],
      );
    });
    return { uploadURL: `${UPLOAD_URL_PATH}${token}` };
  }

  /** Claims the URL for the file the gateway received: once, before it expires. */
  async claim({ token, extension }: SignatureUploadClaim): Promise<{ tenantId: string; storageKey: string; objectPath: string }> {
    const tenantId = tenantOfToken(token);
    if (!tenantId || !EXTENSIONS.includes(extension)) throw urlInvalid();
    const [claimed]: [{ object_id: string }[], number] = await withTenant(this.dataSource, tenantId, (manager) =>
      manager.query(
        `UPDATE documents.signature_uploads SET claimed_at = now(), extension = $3
          WHERE tenant_id = $1 AND token_hash = $2 AND claimed_at IS NULL AND expires_at > now()
          RETURNING object_id`,
        [tenantId, tokenHash(token), extension],
      ),
    );
    if (claimed.length === 0) throw urlInvalid();
    const object: SignatureObject = { tenantId, objectId: claimed[0].object_id, extension };
    return { tenantId, storageKey: storageKeyOf(object), objectPath: objectPathOf(object) };
  }

  /** The object path of a finished upload; a URL not used yet is refused until its file is there. */
  async normalizePath(principal: Principal, tenantId: string, { uploadURL }: NormalizePathDto): Promise<ObjectPathView> {
    requireTemplateAdministration(principal, tenantId);
    const token = tokenOfUploadUrl(uploadURL);
    if (!token || tenantOfToken(token) !== tenantId) throw urlInvalid();
    const [row] = await readTenant(this.dataSource, tenantId, (manager): Promise<UploadRow[]> =>
      manager.query(
        `SELECT object_id, extension, claimed_at IS NOT NULL AS claimed, expires_at > now() AS live
           FROM documents.signature_uploads WHERE tenant_id = $1 AND token_hash = $2`,
        [tenantId, tokenHash(token)],
      ),
    );
    if (!row || (!row.claimed && !row.live)) throw urlInvalid();
    const object = row.extension ? { tenantId, objectId: row.object_id, extension: row.extension } : null;
    if (!object || !(await this.storage.exists(storageKeyOf(object)))) {
      throw appError('UPLOAD_URL_INVALID', DOCUMENT_MESSAGES.uploadNotCompleted);
    }
    return { objectPath: objectPathOf(object) };
  }

  /** A template's signature must be an image this agency uploaded (400 naming the field otherwise). */
  async assertUploaded(manager: EntityManager, tenantId: string, objectPath: string | null): Promise<void> {
    if (objectPath === null) return;
    const object = parseObjectPath(objectPath);
    const rows: unknown[] =
      object && object.tenantId === tenantId
        ? await manager.query(
            `SELECT 1 FROM documents.signature_uploads WHERE tenant_id = $1 AND object_id = $2 AND extension = $3 AND claimed_at IS NOT NULL`,
            [tenantId, object.objectId, object.extension],
          )
        : [];
    if (!object || rows.length === 0 || !(await this.storage.exists(storageKeyOf(object)))) {
      throw appError('VALIDATION_FAILED', [DOCUMENT_API_MESSAGES.signaturePath]);
    }
  }
}
