import crypto from 'node:crypto';
import type { CallIceView } from '../../../contracts/calls';

/**
 * TURN credentials in coturn's `use-auth-secret` scheme (the "TURN REST API"): the username is the expiry as Unix
 * seconds and whom it is for, `<expiry>:<userId>`; the password is base64(HMAC-SHA1(static-auth-secret, username)).
 * coturn recomputes the HMAC and refuses a username whose expiry has passed, so nothing is stored and nothing needs
 * revoking: the credential dies with the call's longest length.
 */
export function turnCredential(secret: string, userId: number, expiresAtMs: number): { username: string; credential: string } {
  const username = `${Math.floor(expiresAtMs / 1000)}:${userId}`;
  return { username, credential: crypto.createHmac('sha1', secret).update(username).digest('base64') };
}

/** RTCConfiguration for one participant: relay only, so no member's own address ever reaches another. */
export function iceFor(turn: { urls: string[]; secret: string }, userId: number, expiresAtMs: number): CallIceView {
  const { username, credential } = turnCredential(turn.secret, userId, expiresAtMs);
  return { iceServers: [{ urls: turn.urls, username, credential }], iceTransportPolicy: 'relay', expiresAt: new Date(expiresAtMs).toISOString() };
}
