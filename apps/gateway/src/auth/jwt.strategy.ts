import { Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ROLES as ALL_ROLES, TokenClaims } from '@quotebook/contracts';
import { ExtractJwt, Strategy } from 'passport-jwt';
import type { AuthenticatedPrincipal } from '../common/principal.decorator';
import { TokenRevocationService } from './token-revocation.service';

export const JWT_SECRET = Symbol('JWT_SECRET');

@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy) {
  constructor(
    @Inject(JWT_SECRET) secret: string,
    private readonly revocations: TokenRevocationService,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      secretOrKey: secret,
      algorithms: ['HS256'],
      ignoreExpiration: false,
    });
  }

  async validate(claims: TokenClaims): Promise<AuthenticatedPrincipal> {
    if (!claims.sub || !claims.jti || !claims.exp || !(ALL_ROLES as readonly string[]).includes(claims.role)) {
      throw new UnauthorizedException('Invalid token');
    }
    if (await this.revocations.isRevoked(claims.jti)) {
      throw new UnauthorizedException('This session has ended. Please sign in again.');
    }
    return { userId: claims.sub, role: claims.role, tenantId: claims.tenantId ?? null, jti: claims.jti, exp: claims.exp };
  }
}
