import { Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ROLES as ALL_ROLES, SESSION_ENDED_MESSAGE, TENANT_NOT_FOUND_MESSAGE, TokenClaims } from '@quotebook/contracts';
import { BoundedMap, RecentValidSessions, SessionStates } from '@quotebook/server-core';
import type { FastifyRequest } from 'fastify';
import { createSecretKey } from 'node:crypto';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { httpError } from '../common/http-exception.filter';
import type { AuthenticatedPrincipal } from '../common/principal.decorator';

export const JWT_SECRET = Symbol('JWT_SECRET');

/** The HTTP framework's request (passport's types name Express's; it reads the headers alone). */
type Request = FastifyRequest<{ Params: Record<string, string | undefined> }>;
type PassportRequest = Parameters<Strategy['authenticate']>[0];

/** `Authorization: Bearer <token>`, read as passport-jwt reads it. */
const bearerToken = ExtractJwt.fromAuthHeaderAsBearerToken();
const tokenOf = (request: Request): string | null => (request.headers?.authorization ? bearerToken(request as unknown as PassportRequest) : null);

/** Verified claims with all a session needs (`validate` checks them before they are remembered). */
type SessionClaims = Readonly<TokenClaims> & { readonly exp: number };

function wellFormed(claims: Readonly<TokenClaims>): claims is SessionClaims {
  return Boolean(claims.sub && claims.jti && claims.exp) && Number.isSafeInteger(claims.sv) && (ALL_ROLES as readonly string[]).includes(claims.role);
}

/** Tokens remembered as verified at most; the memory starts over when full. */
const VERIFIED_KEPT = 10_000;

/**
 * Tokens whose signature was verified, with their claims. Only verified tokens are kept, so nobody
 * without a valid token can fill the memory; a kept token's expiry is still checked on every use, as
 * jsonwebtoken checks it (expired from the second of `exp` on), and an expired one is forgotten.
 */
export class VerifiedTokens {
  private readonly claims = new BoundedMap<string, SessionClaims>(VERIFIED_KEPT);

  remember(token: string, claims: SessionClaims): void {
    this.claims.set(token, Object.freeze(claims));
  }

  /** The claims of a token verified before and not expired since. */
  recall(token: string): SessionClaims | undefined {
    const claims = this.claims.get(token);
    if (claims === undefined || Math.floor(Date.now() / 1000) < claims.exp) return claims;
    this.claims.delete(token);
    return undefined;
  }
}

/**
 * The bearer token's signature is verified by passport-jwt (HS256 with the secret, not expired) the
 * first time the token is seen; a browser sends the same token with every call, so a token verified
 * before is only checked for its expiry (VerifiedTokens) and goes to its session check without
 * passport (principalOfKnownToken, which JwtAuthGuard asks first). A valid signature only says who
 * signed in. Whether that session still works is decided by the session state in Redis, in one round
 * trip: the token was not logged out, the user still exists with the session version of the token (a
 * role or password change raises it), and the user's agency exists, is enabled and not expired. A
 * superadmin's request naming an agency in its path needs that agency to exist.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy) {
  private readonly recent = new RecentValidSessions();
  private readonly verified = new VerifiedTokens();

  constructor(
    @Inject(JWT_SECRET) secret: string,
    private readonly sessions: SessionStates,
  ) {
    super({
      jwtFromRequest: bearerToken,
      // A key object made once: given text, the verifier (jsonwebtoken) first tries it as a public key,
      // building and throwing an error on every request, before taking it as a secret. It accepts a
      // KeyObject; passport-jwt only passes it on, its types name strings and buffers.
      secretOrKey: createSecretKey(Buffer.from(secret, 'utf8')) as unknown as Buffer,
      algorithms: ['HS256'],
      ignoreExpiration: false,
      passReqToCallback: true,
    });
    sessions.onChange(() => this.recent.clear());
  }

  /**
   * The caller of a request whose bearer token was verified before and has not expired, once its
   * session is found valid (refused as admit refuses); undefined for a request without such a token,
   * which passport authenticates.
   */
  principalOfKnownToken(request: Request): AuthenticatedPrincipal | Promise<AuthenticatedPrincipal> | undefined {
    const token = tokenOf(request);
    const claims = token === null ? undefined : this.verified.recall(token);
    return claims === undefined ? undefined : this.admit(request, claims);
  }

  /** The claims passport-jwt has just verified: well formed, they are remembered, then the session is checked. */
  async validate(request: Request, claims: Readonly<TokenClaims>): Promise<AuthenticatedPrincipal> {
    if (!wellFormed(claims)) throw new UnauthorizedException('Invalid token');
    const token = tokenOf(request);
    if (token !== null) this.verified.remember(token, claims);
    return this.admit(request, claims);
  }

  /**
   * The caller, when the session of these (verified, well-formed) claims still works: at once when it
   * was found valid a moment ago (most requests), else once Redis has said so.
   */
  private admit(request: Request, claims: SessionClaims): AuthenticatedPrincipal | Promise<AuthenticatedPrincipal> {
    const tenantId = claims.tenantId ?? null;
    const session = { userId: claims.sub, tenantId, sessionVersion: claims.sv, tokenId: claims.jti, targetTenantId: request.params?.['tenantId'] };
    const key = JSON.stringify([session.userId, tenantId, session.sessionVersion, session.tokenId, session.targetTenantId ?? null]);
    const principal: AuthenticatedPrincipal = { userId: claims.sub, role: claims.role, tenantId, sessionVersion: claims.sv, jti: claims.jti, exp: claims.exp };
    if (this.recent.has(key)) return principal;
    const mark = this.recent.mark();
    return this.sessions.check(session).then((verdict) => {
      if (verdict !== 'valid') this.refuse(verdict);
      this.recent.add(key, mark);
      return principal;
    });
  }

  private refuse(verdict: 'ended' | 'tenant-not-found'): never {
    if (verdict === 'ended') throw httpError('SESSION_ENDED', SESSION_ENDED_MESSAGE);
    throw httpError('TENANT_NOT_FOUND', TENANT_NOT_FOUND_MESSAGE);
  }
}
