import { HttpError } from '../../errors';

/** A member asking for a list. */
export interface Viewer {
  id: number;
  role: string;
}

export interface Ranked {
  userId: number;
  profileId: number;
  /** the match percentage, null when the viewer has no profile to match with */
  score: number | null;
  /** what the diversity of daily matches looks at */
  profession: string | null;
  country: string | null;
}

export interface SearchPage {
  results: Ranked[];
  total: number;
  nextCursor: string | null;
}

/** A request the engine cannot answer as asked: an HTTP answer of its own (400 bad cursor, 409, 422). */
export class EngineInputError extends HttpError {
  constructor(
    message: string,
    override readonly status: 400 | 409 | 422,
  ) {
    super(status, message, status === 400 ? 'bad_request' : status === 409 ? 'conflict' : 'unprocessable');
  }
}

export interface EngineStats {
  members: number;
  positions: number;
  vocabulary: number;
  columnBytes: number;
  textBytes: number;
  buildMs: number;
  /**
   * When the last build deferred its text index (TextLog): how long after the build began it was in; null while
   * it is being built, or when the build made it with the rest
   */
  textMs: number | null;
  builtAt: number | null;
  /** the last build loaded the snapshot (snapshot.ts) instead of reading every member */
  restored: boolean;
}
