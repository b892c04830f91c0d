// Whether a WebSocket's token is still live (neither it nor its grant revoked; its client, user and
// store still there), by the check REST runs on every request (TokenService.isLive). A socket
// outlives any single request, so ws.ts asks again before each new operation and before each
// batch of events goes out. Sockets on the same token share the answer: a check begun after a
// batch was read is as fresh as that batch needs, so 1,000 subscribers on one token cost one
// check per batch, not 1,000.
import type { VerifiedAccess } from '../auth/jwt.js';
import type { TokenService } from '../auth/tokens.js';

interface Check {
  startedAt: number;
  live: Promise<boolean>;
}

interface Entry {
  holders: number;
  check?: Check;
}

export class LivenessChecks {
  private readonly byToken = new Map<string, Entry>();

  constructor(private readonly tokens: TokenService) {}

  /** Keeps the token's shared check while a socket uses it; the returned function lets go. */
  hold(claims: VerifiedAccess): () => void {
    const entry = this.byToken.get(claims.jti) ?? { holders: 0 };
    entry.holders += 1;
    this.byToken.set(claims.jti, entry);
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      entry.holders -= 1;
      if (entry.holders === 0 && this.byToken.get(claims.jti) === entry) this.byToken.delete(claims.jti);
    };
  }

  /** Whether the token was live at some moment at or after `since` (performance.now()). */
  isLive(claims: VerifiedAccess, since: number): Promise<boolean> {
    const entry = this.byToken.get(claims.jti);
    if (entry?.check && entry.check.startedAt >= since) return entry.check.live;
    const check: Check = { startedAt: performance.now(), live: this.tokens.isLive(claims) };
    if (entry) {
      entry.check = check;
      // A failed check answers for no one else: the next caller asks the database again.
      check.live.catch(() => {
        if (entry.check === check) entry.check = undefined;
      });
    }
    return check.live;
  }
}
