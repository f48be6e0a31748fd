import {
  type ArgumentMetadata,
  Body,
  CanActivate,
  Catch,
  Controller,
  createParamDecorator,
  Delete,
  ExceptionFilter,
  ExecutionContext,
  ForbiddenException,
  Get,
  Header,
  HttpCode,
  HttpException,
  Injectable,
  Module,
  NestInterceptor,
  Param,
  ParseIntPipe,
  PipeTransform,
  Post,
  Put,
  Query,
  Res,
  UseGuards,
  UseInterceptors,
  ValidationPipe,
  type CallHandler,
  type ArgumentsHost,
} from '@nestjs/common';
import { APP_FILTER, APP_GUARD, NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { IsInt, IsOptional, IsString, Max } from 'class-validator';
import { Type as Transform } from 'class-transformer';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Observable } from 'rxjs';
import { type AnswerTransform, answersThrough } from './direct-routes';
import { GatewayHttpAdapter } from './gateway-http-adapter';
import { JsonText } from './json-text';

/** What the guards saw: the execution context of each request, by request. */
const contexts = new WeakMap<object, ExecutionContext[]>();

@Injectable()
class RecordingGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    contexts.set(request, [...(contexts.get(request) ?? []), context]);
    if (request.headers['x-deny']) throw new ForbiddenException('Denied by the guard');
    // a guard may answer later, and say no
    return request.headers['x-refuse'] ? Promise.resolve(false) : true;
  }
}

@Injectable()
class UserGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<FastifyRequest & { user?: string }>();
    request.user = String(request.headers['x-user'] ?? 'anonymous');
    return true;
  }
}

@Injectable()
class ExtraGuard implements CanActivate {
  canActivate(): boolean {
    return true;
  }
}

@Catch()
class AnswerFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const status = exception instanceof HttpException ? exception.getStatus() : 500;
    const message = exception instanceof HttpException ? exception.getResponse() : 'Internal';
    void reply.status(status).send({ status, message });
  }
}

/** Upper-cases what it is given: a pipe of one parameter. */
class Shout implements PipeTransform {
  transform(value: unknown): unknown {
    return typeof value === 'string' ? value.toUpperCase() : value;
  }
}

/**
 * A global pipe that changes nothing and says so for a custom decorator's value (as the gateway's
 * validation pipe does, LeavesAsIs in direct-routes.ts): it counts what it is given, by kind.
 */
class Tally implements PipeTransform {
  readonly seen: string[] = [];

  leavesAsIs(metadata: ArgumentMetadata): boolean {
    return metadata.type === 'custom';
  }

  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    this.seen.push(metadata.type);
    return value;
  }
}

const CurrentUser = createParamDecorator((prefix: string, context: ExecutionContext) => `${prefix}${context.switchToHttp().getRequest<{ user: string }>().user}`);
const ContextSeen = createParamDecorator((_data: unknown, context: ExecutionContext) => context);

class ListQuery {
  @IsOptional()
  @Transform(() => Number)
  @IsInt()
  @Max(100)
  limit?: number;
}

class ItemBody {
  @IsString()
  name!: string;
}

@Controller('items')
class ItemsController {
  @Get()
  list(@CurrentUser('user:', new Shout()) user: string, @Query() query: ListQuery) {
    return { user, query, limitIsNumber: typeof query.limit === 'number' };
  }

  @Get('context')
  context(@ContextSeen() seen: ExecutionContext) {
    const request = seen.switchToHttp().getRequest<FastifyRequest>();
    // one execution context for the guards and the parameters: the request was served directly
    return { sameContext: contexts.get(request)?.every((context) => context === seen) ?? false };
  }

  @Get('passthrough')
  passthrough(@Res({ passthrough: true }) reply: FastifyReply, @Param() params: Record<string, string>) {
    reply.header('x-extra', 'set by the route');
    // a status of the route's own, as the health check answers 503
    reply.status(207);
    return { params };
  }

  @Get('pages')
  pages() {
    // a list's pages as the services wrote them: several parts, written one after another
    return new JsonText([Buffer.from('[{"page":1},'), Buffer.from('{"page":2}]')]);
  }

  @Get('fails')
  fails() {
    throw new HttpException({ reason: 'TEAPOT' }, 418);
  }

  @Get('breaks')
  async breaks(): Promise<never> {
    throw new Error('a bug');
  }

  @Get('guarded')
  @UseGuards(ExtraGuard)
  guarded() {
    return { guarded: true };
  }

  @Get('header')
  @Header('x-custom', 'from the decorator')
  withHeader() {
    return { header: true };
  }

  @Get(':id')
  read(@Param('id', new ParseIntPipe()) id: number) {
    return { id, type: typeof id };
  }

  @Post()
  create(@Body() body: ItemBody) {
    return { created: body.name };
  }

  @Put(':id')
  update(@Param('id', new ParseIntPipe()) id: number, @Body() body: ItemBody) {
    return { id, name: body.name };
  }

  @Delete(':id')
  @HttpCode(204)
  remove(@Param('id', new ParseIntPipe()) id: number) {
    return { id };
  }
}

/** What the controller's transform stamps with: a provider, so that the transform is made by Nest's injector. */
@Injectable()
class StampSource {
  readonly name = 'stamp';
}

type Stamped = { by: string[] };

/** The controller's AnswerTransform: adds who asked to the answer's `by`; for user "late", a moment later. */
@Injectable()
class ControllerStamp implements NestInterceptor, AnswerTransform {
  constructor(private readonly source: StampSource) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return answersThrough(this, context, next);
  }

  transformAnswer(context: ExecutionContext, answer: unknown): unknown {
    const user = context.switchToHttp().getRequest<{ user: string }>().user;
    const stamped = { by: [...(answer as Stamped).by, `${this.source.name}:${user}`] };
    return user === 'late' ? new Promise((resolve) => setTimeout(() => resolve(stamped), 5)) : stamped;
  }
}

/** A method's AnswerTransform, given as an instance. */
class MethodStamp implements NestInterceptor, AnswerTransform {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return answersThrough(this, context, next);
  }

  transformAnswer(_context: ExecutionContext, answer: unknown): unknown {
    return { by: [...(answer as Stamped).by, 'method'] };
  }
}

/** An interceptor that is not an AnswerTransform (it could do anything around the call): its route stays with Nest. */
@Injectable()
class Around implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle();
  }
}

@Controller('stamped')
@UseInterceptors(ControllerStamp)
class StampedController {
  @Get()
  plain(): Stamped {
    return { by: [] };
  }

  @Get('both')
  @UseInterceptors(new MethodStamp())
  both(): Stamped {
    return { by: ['route'] };
  }

  @Get('fails')
  fails(): Stamped {
    throw new HttpException({ reason: 'NOPE' }, 409);
  }

  @Get('around')
  @UseInterceptors(Around)
  around(): Stamped {
    return { by: [] };
  }
}

@Module({
  controllers: [ItemsController, StampedController],
  providers: [
    StampSource,
    RecordingGuard,
    UserGuard,
    AnswerFilter,
    { provide: APP_GUARD, useExisting: RecordingGuard },
    { provide: APP_GUARD, useExisting: UserGuard },
    { provide: APP_FILTER, useExisting: AnswerFilter },
  ],
})
class ItemsModule {}

/** What Fastify logged at warn or above, by both applications. */
const warnings: string[] = [];

async function createApp(direct: boolean): Promise<{ app: NestFastifyApplication; adapter: GatewayHttpAdapter; tally: Tally }> {
  const adapter = new GatewayHttpAdapter({ logger: { level: 'warn', stream: { write: (line: string) => void warnings.push(line) } } });
  const app = await NestFactory.create<NestFastifyApplication>(ItemsModule, adapter, { logger: false });
  const validation = new ValidationPipe({ whitelist: true, forbidNonWhitelisted: true, transform: true });
  const tally = new Tally();
  app.useGlobalPipes(tally, validation);
  if (direct) adapter.serveDirectly(app, { guards: [RecordingGuard, UserGuard], filter: AnswerFilter, pipes: [tally, validation] });
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return { app, adapter, tally };
}

type Call = { method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'HEAD'; url: string; headers?: Record<string, string>; payload?: unknown };

async function answer(app: NestFastifyApplication, call: Call) {
  const response = await app.inject({ method: call.method, url: call.url, headers: call.headers, payload: call.payload as object });
  const { 'content-type': type, 'x-extra': extra, 'x-custom': custom } = response.headers;
  return { status: response.statusCode, body: response.body, type, extra, custom };
}

describe('routes served directly (GatewayHttpAdapter.serveDirectly)', () => {
  let direct: { app: NestFastifyApplication; adapter: GatewayHttpAdapter; tally: Tally };
  let nest: { app: NestFastifyApplication; adapter: GatewayHttpAdapter; tally: Tally };

  beforeAll(async () => {
    direct = await createApp(true);
    nest = await createApp(false);
  });

  afterAll(async () => {
    await direct.app.close();
    await nest.app.close();
  });

  it('serves the routes that need only the global guards, pipes and filter directly, and leaves the others to Nest', () => {
    const served = (name: keyof ItemsController) => direct.adapter.routesServedDirectly.has(ItemsController.prototype[name]);
    for (const name of ['list', 'context', 'passthrough', 'pages', 'fails', 'breaks', 'read', 'create', 'update', 'remove'] as const) expect([name, served(name)]).toEqual([name, true]);
    // a guard of its own, a header of its own
    expect(served('guarded')).toBe(false);
    expect(served('withHeader')).toBe(false);
    // answer transforms, of the controller's (made by Nest's injector) and of the method's
    const stamped = (name: keyof StampedController) => direct.adapter.routesServedDirectly.has(StampedController.prototype[name]);
    for (const name of ['plain', 'both', 'fails'] as const) expect([name, stamped(name)]).toEqual([name, true]);
    // an interceptor that is not one
    expect(stamped('around')).toBe(false);
    expect(nest.adapter.routesServedDirectly.size).toBe(0);
  });

  it('runs the guards and the parameters in one execution context, where Nest makes one for each', async () => {
    expect(JSON.parse((await answer(direct.app, { method: 'GET', url: '/items/context' })).body)).toEqual({ sameContext: true });
    expect(JSON.parse((await answer(nest.app, { method: 'GET', url: '/items/context' })).body)).toEqual({ sameContext: false });
  });

  const calls: [string, Call][] = [
    ['a custom parameter with its own pipe, a query transformed by the global pipe', { method: 'GET', url: '/items?limit=7', headers: { 'x-user': 'ada' } }],
    ['a query the global pipe refuses', { method: 'GET', url: '/items?limit=1000' }],
    ['a query with a field it does not know', { method: 'GET', url: '/items?other=1' }],
    ['a path parameter through its pipe', { method: 'GET', url: '/items/42' }],
    ['a path parameter its pipe refuses', { method: 'GET', url: '/items/forty-two' }],
    ['a HEAD of a route served directly', { method: 'HEAD', url: '/items/42' }],
    ['a body validated by the global pipe: 201', { method: 'POST', url: '/items', payload: { name: 'Roma' } }],
    ['a body the global pipe refuses', { method: 'POST', url: '/items', payload: { name: 7 } }],
    ['a path parameter and a body', { method: 'PUT', url: '/items/3', payload: { name: 'Napoli' } }],
    ['a route with its own status code', { method: 'DELETE', url: '/items/3' }],
    ['a response header set through @Res({ passthrough: true })', { method: 'GET', url: '/items/passthrough' }],
    ['JSON text of several parts, streamed', { method: 'GET', url: '/items/pages' }],
    ['an HttpException of the route, through the global filter', { method: 'GET', url: '/items/fails' }],
    ['an Error of the route, through the global filter', { method: 'GET', url: '/items/breaks' }],
    ['a guard that throws', { method: 'GET', url: '/items/42', headers: { 'x-deny': '1' } }],
    ['a guard that says no', { method: 'GET', url: '/items/42', headers: { 'x-refuse': '1' } }],
    ['a guard that says no, before the pipes', { method: 'GET', url: '/items/forty-two', headers: { 'x-refuse': '1' } }],
    ['an empty path parameter', { method: 'GET', url: '/items//' }],
    ['a route left to Nest: its own guard', { method: 'GET', url: '/items/guarded' }],
    ['a route left to Nest: its own header', { method: 'GET', url: '/items/header' }],
    ["an answer through the controller's transform", { method: 'GET', url: '/stamped', headers: { 'x-user': 'ada' } }],
    ["an answer through the method's transform, then the controller's", { method: 'GET', url: '/stamped/both' }],
    ['a transform that answers later', { method: 'GET', url: '/stamped', headers: { 'x-user': 'late' } }],
    ['a failure of a transformed route, which no transform sees', { method: 'GET', url: '/stamped/fails' }],
    ['a guard that says no on a transformed route', { method: 'GET', url: '/stamped', headers: { 'x-refuse': '1' } }],
    ['a route left to Nest: an interceptor that is not an answer transform', { method: 'GET', url: '/stamped/around' }],
  ];

  it.each(calls)('answers as Nest does: %s', async (_case, call) => {
    const expected = await answer(nest.app, call);
    expect(await answer(direct.app, call)).toEqual(expected);
  });

  it('leaves an answer alone once it is sent: Fastify never has to say it was sent already', async () => {
    warnings.length = 0;
    for (const [, call] of calls) await answer(direct.app, call);
    expect(warnings).toEqual([]);
  });

  it("leaves out a pipe for a parameter it says it leaves as it is, and answers as Nest does", async () => {
    direct.tally.seen.length = 0;
    nest.tally.seen.length = 0;
    const call: Call = { method: 'GET', url: '/items?limit=3', headers: { 'x-user': 'ada' } };
    expect(await answer(direct.app, call)).toEqual(await answer(nest.app, call));
    expect(nest.tally.seen.sort()).toEqual(['custom', 'query']);
    expect(direct.tally.seen).toEqual(['query']);
  });

  it('answers what the route returns, with the status Nest gives its method', async () => {
    expect(await answer(direct.app, { method: 'GET', url: '/items?limit=7', headers: { 'x-user': 'ada' } })).toMatchObject({
      status: 200,
      body: JSON.stringify({ user: 'USER:ADA', query: { limit: 7 }, limitIsNumber: true }),
    });
    expect(await answer(direct.app, { method: 'POST', url: '/items', payload: { name: 'Roma' } })).toMatchObject({ status: 201, body: '{"created":"Roma"}' });
    expect(await answer(direct.app, { method: 'DELETE', url: '/items/3' })).toMatchObject({ status: 204, body: '' });
    // the innermost transform first, as Nest's interceptors nest
    expect(await answer(direct.app, { method: 'GET', url: '/stamped/both', headers: { 'x-user': 'ada' } })).toMatchObject({
      status: 200,
      body: JSON.stringify({ by: ['route', 'method', 'stamp:ada'] }),
    });
    expect(await answer(direct.app, { method: 'GET', url: '/stamped', headers: { 'x-user': 'late' } })).toMatchObject({ status: 200, body: '{"by":["stamp:late"]}' });
    // a status the route set itself stays
    expect(await answer(direct.app, { method: 'GET', url: '/items/passthrough' })).toMatchObject({ status: 207, extra: 'set by the route' });
    expect(await answer(direct.app, { method: 'GET', url: '/items/42', headers: { 'x-refuse': '1' } })).toMatchObject({
      status: 403,
      body: JSON.stringify({ status: 403, message: { message: 'Forbidden resource', error: 'Forbidden', statusCode: 403 } }),
    });
  });
});
