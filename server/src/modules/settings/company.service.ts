import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  COMPANY_IDENTITY_KEYS,
  type CompanyIdentity,
  type CompanyProfile,
  type CompanyProfileInput,
  LOGO_TYPES,
  COMPANY_MESSAGES as M,
} from '@gmao/domain/settings/company-schemas';
import { fileTypeFromBuffer } from 'file-type';
import type { Db, DbOrTx } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CompanyHeader } from '../../lib/pdf-header.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { companyName } from '../mail/mail.service.ts';
import { lockCompany, readCompany, type StoredCompany, writeCompany } from './company.repository.ts';

/**
 * The company profile (issue 32): the identity printed at the head of every document, its logo (FileStorage, PNG or
 * JPEG checked by content), and the bon's two settings. Before an administrator saves one, the name is COMPANY_NAME
 * (the e-mails' name) and every other field is empty; prices are shown and no signature is required.
 */
export const LOGO_PATH = '/api/settings/company/logo';

function identityOf(stored: StoredCompany | null): CompanyIdentity {
  const out = {} as CompanyIdentity;
  for (const k of COMPANY_IDENTITY_KEYS) out[k] = stored?.[k] ?? '';
  if (!out.nom) out.nom = companyName();
  return out;
}

function profileOf(stored: StoredCompany | null): CompanyProfile {
  return {
    ...identityOf(stored),
    logo_url: stored?.logo_key ? `${LOGO_PATH}?v=${encodeURIComponent(stored.logo_at ?? '')}` : null,
    signature_client_obligatoire: stored?.signature_client_obligatoire === true,
    afficher_prix: stored?.afficher_prix !== false,
    habilitations_implications: stored?.habilitations_implications === true,
  };
}

export async function getCompanyProfile(db: DbOrTx): Promise<CompanyProfile> {
  return profileOf(await readCompany(db));
}

/** The identity alone (the bon's content: the issuer it names). */
export async function companyIdentity(db: DbOrTx): Promise<CompanyIdentity> {
  return identityOf(await readCompany(db));
}

/** The bon's settings alone (the status rule and the PDF read them). */
export async function documentSettings(db: DbOrTx) {
  const p = profileOf(await readCompany(db));
  return { signatureClientObligatoire: p.signature_client_obligatoire, afficherPrix: p.afficher_prix };
}

export async function saveCompanyProfile(db: Db, input: CompanyProfileInput): Promise<CompanyProfile> {
  await db.transaction(async (tx) => {
    const stored = (await lockCompany(tx)) ?? {};
    const { signature_client_obligatoire, afficher_prix, habilitations_implications, ...identity } = input;
    const next: StoredCompany = {
      ...stored,
      ...identity,
      ...(signature_client_obligatoire === undefined ? {} : { signature_client_obligatoire }),
      ...(afficher_prix === undefined ? {} : { afficher_prix }),
      ...(habilitations_implications === undefined ? {} : { habilitations_implications }),
    };
    await writeCompany(tx, next);
    const view = (s: StoredCompany) => ({ ...s, logo_key: undefined, logo_type: undefined, logo_at: undefined });
    await recordAudit(tx, {
      action: 'company.settings',
      entityType: 'settings',
      entityId: 'company',
      summary: `Profil de l'entreprise : ${next.nom}`,
      before: view(stored),
      after: view(next),
    });
  });
  return getCompanyProfile(db);
}

export interface IncomingLogo {
  filename: string;
  mimetype: string;
  file: Readable & { truncated?: boolean };
}

/** 413 with the French message (the error plugin answers 4xx errors with their message). */
class LogoTooLargeError extends Error {
  readonly statusCode = 413;
  constructor() {
    super(M.logoTooLarge);
  }
}

async function readAll(stream: Readable & { truncated?: boolean }): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/**
 * PUT …/logo: the bytes are read (2 MB at most, the multipart limit), sniffed (PNG or JPEG, whatever the name or the
 * declared type say), stored under a new key, then named in the profile under its lock; the replaced file goes once
 * that has committed, the new one if anything failed. A refusal stores nothing.
 */
export async function uploadLogo(db: Db, storage: FileStorage, upload: IncomingLogo): Promise<CompanyProfile> {
  const bytes = await readAll(upload.file);
  if (upload.file.truncated) throw new LogoTooLargeError();
  const detected = await fileTypeFromBuffer(bytes);
  const type = detected?.mime;
  if (!type || !(LOGO_TYPES as readonly string[]).includes(type)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', M.logoContentRefused, [{ field: 'logo', msg: M.logoContentRefused }]);
  }
  const key = `company/logo-${randomUUID()}.${type === 'image/png' ? 'png' : 'jpg'}`;
  await storage.save(key, Readable.from([bytes]));
  let old: string | null | undefined;
  try {
    old = await db.transaction(async (tx) => {
      const stored = (await lockCompany(tx)) ?? {};
      await writeCompany(tx, { ...stored, logo_key: key, logo_type: type, logo_at: new Date().toISOString() });
      await recordAudit(tx, {
        action: 'company.logo',
        entityType: 'settings',
        entityId: 'company',
        summary: `Logo de l'entreprise enregistré (${type === 'image/png' ? 'PNG' : 'JPEG'}, ${bytes.length} octets)`,
      });
      return stored.logo_key;
    });
  } catch (err) {
    await storage.remove([key]);
    throw err;
  }
  if (old) await storage.remove([old]);
  return getCompanyProfile(db);
}

export async function removeLogo(db: Db, storage: FileStorage): Promise<CompanyProfile> {
  const old = await db.transaction(async (tx) => {
    const stored = (await lockCompany(tx)) ?? {};
    if (!stored.logo_key) throw new AppError('NOT_FOUND', M.logoNotFound);
    await writeCompany(tx, { ...stored, logo_key: null, logo_type: null, logo_at: null });
    await recordAudit(tx, {
      action: 'company.logo',
      entityType: 'settings',
      entityId: 'company',
      summary: "Logo de l'entreprise supprimé",
    });
    return stored.logo_key;
  });
  await storage.remove([old]);
  return getCompanyProfile(db);
}

export async function openLogo(db: DbOrTx, storage: FileStorage) {
  const stored = await readCompany(db);
  if (!stored?.logo_key || !stored.logo_type) throw new AppError('NOT_FOUND', M.logoNotFound);
  const file = await storage.open(stored.logo_key);
  if (!file) throw new AppError('NOT_FOUND', M.logoNotFound);
  return { ...file, type: stored.logo_type };
}

/**
 * What a PDF's header needs (lib/pdf-header.ts drawCompanyHeader): the identity and the logo's bytes, read before
 * the document is drawn (drawing is synchronous). A logo file that went missing prints no logo.
 */
export async function companyHeader(db: DbOrTx, storage: FileStorage | undefined): Promise<CompanyHeader> {
  const stored = await readCompany(db);
  let logo: Buffer | null = null;
  if (storage && stored?.logo_key) {
    const file = await storage.open(stored.logo_key);
    if (file) logo = await readAll(file.stream);
  }
  return { ...identityOf(stored), logo };
}
