import crypto from 'node:crypto';
import os from 'node:os';
import QRCode from 'qrcode';
import type { ExpoInfoView } from '../../contracts/views';
import type { Db } from '../db';
import { ExpoDevInfo } from '../models/engagement';

export const EXPO_PORT = 19000;

/** The machine's first LAN address, where a phone on the same WiFi can reach the Expo dev server. */
export function lanAddress(): string {
  for (const list of Object.values(os.networkInterfaces())) {
    for (const iface of list ?? []) if (iface.family === 'IPv4' && !iface.internal) return iface.address;
  }
  return '127.0.0.1';
}

/** Issues a new dev URL and token (the QR code changes with it). */
export async function rotateExpoInfo(db: Db, host?: string): Promise<ExpoDevInfo> {
  const chosen = host ?? lanAddress();
  if (!/^[A-Za-z0-9.-]{1,253}$/.test(chosen)) throw new Error(`Invalid host "${chosen}"`);
  const token = crypto.randomBytes(9).toString('base64url');
  return ExpoDevInfo.query(db).insertAndFetch({
    host: chosen,
    port: EXPO_PORT,
    token,
    devUrl: `exp://${chosen}:${EXPO_PORT}/--/saathi?token=${token}`,
    createdAt: Date.now(),
  });
}

export async function currentExpoInfo(db: Db): Promise<ExpoDevInfo> {
  const latest = await ExpoDevInfo.query(db).orderBy('id', 'desc').first();
  return latest ?? rotateExpoInfo(db);
}

export async function presentExpoInfo(info: ExpoDevInfo): Promise<ExpoInfoView> {
  return {
    devUrl: info.devUrl,
    host: info.host,
    port: info.port,
    status: 'ready',
    qrCodeImageUrl: await QRCode.toDataURL(info.devUrl, { errorCorrectionLevel: 'M', margin: 2, width: 280 }),
    updatedAt: new Date(info.createdAt).toISOString(),
  };
}
