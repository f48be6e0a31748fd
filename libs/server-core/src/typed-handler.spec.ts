import { type ArgumentMetadata, Controller, Module, type PipeTransform, type Type } from '@nestjs/common';
import { ModulesContainer, NestFactory } from '@nestjs/core';
import { PARAM_ARGS_METADATA, PATTERN_METADATA } from '@nestjs/microservices/constants';
import { RpcException } from '@nestjs/microservices';
import { rpcPattern } from '@quotebook/contracts';
import { Transform } from 'class-transformer';
import { IsString, MaxLength } from 'class-validator';
import { appError } from './app-error';
import { directHandlersOf, Handles } from './typed-handler';

class NoteDto {
  @IsString()
  @MaxLength(10, { message: 'text is at most 10 characters' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  text: string;
}

const NOTES_CREATE = rpcPattern<{ tenantId: string; data: NoteDto }, NoteDto>('test.notes.create');
const NOTES_FIND = rpcPattern<NoteDto, NoteDto>('test.notes.find');

class NotesHandlers {
  @Handles(NOTES_CREATE, { data: NoteDto })
  async create({ data }: { tenantId: string; data: NoteDto }): Promise<NoteDto> {
    return data;
  }

  @Handles(NOTES_FIND, NoteDto)
  async find(request: NoteDto): Promise<NoteDto> {
    return request;
  }
}

/** The pipe Nest runs on the handler's one argument, the whole request. */
function requestPipe(method: keyof NotesHandlers): PipeTransform {
  const args = Reflect.getMetadata(PARAM_ARGS_METADATA, NotesHandlers, method) as Record<
    string,
    { index: number; pipes: PipeTransform[] }
  >;
  const [argument] = Object.values(args);
  const pipe = argument?.index === 0 ? argument.pipes[0] : undefined;
  if (!pipe) throw new Error(`${method} takes no validated request`);
  return pipe;
}

const metadata: ArgumentMetadata = { type: 'body', metatype: Object };

/** The AppError a refused request carries. */
const failure = (refused: Promise<unknown>) =>
  refused.then(
    () => Promise.reject(new Error('the request passed')),
    (thrown: unknown) => (thrown instanceof RpcException ? thrown.getError() : Promise.reject(thrown)),
  );

describe(Handles.name, () => {
  it("declares the method as the handler of the pattern's subject", () => {
    expect(Reflect.getMetadata(PATTERN_METADATA, NotesHandlers.prototype.create)).toEqual([NOTES_CREATE.subject]);
    expect(Reflect.getMetadata(PATTERN_METADATA, NotesHandlers.prototype.find)).toEqual([NOTES_FIND.subject]);
  });

  it('validates and transforms the parts that name a class, and passes the others as sent', async () => {
    const sut = requestPipe('create');
    const validated = await sut.transform({ tenantId: ' t1 ', data: { text: '  Mare  ' } }, metadata);
    expect(validated).toEqual({ tenantId: ' t1 ', data: { text: 'Mare' } });
    expect((validated as { data: unknown }).data).toBeInstanceOf(NoteDto);
  });

  it('answers a part that breaks its rules with a 400 naming the rule', async () => {
    const sut = requestPipe('create');
    expect(await failure(sut.transform({ tenantId: 't1', data: { text: 'x'.repeat(11) } }, metadata))).toMatchObject({
      statusCode: 400,
      message: ['text is at most 10 characters'],
    });
    expect(await failure(sut.transform({ tenantId: 't1' }, metadata))).toMatchObject({ statusCode: 400 });
  });

  it('validates the whole request when one class is given, refusing properties it does not declare', async () => {
    const sut = requestPipe('find');
    await expect(sut.transform({ text: ' Lago ' }, metadata)).resolves.toEqual({ text: 'Lago' });
    expect(await failure(sut.transform({ text: 'Lago', extra: 1 }, metadata))).toMatchObject({
      statusCode: 400,
      message: ['property extra should not exist'],
    });
  });
});

describe(directHandlersOf.name, () => {
  @Controller()
  class NotesController extends NotesHandlers {}

  const OTHER = rpcPattern<{ tenantId: string }, string>('test.notes.other');

  @Controller()
  class TwinController {
    @Handles(NOTES_FIND, NoteDto)
    async find(request: NoteDto): Promise<NoteDto> {
      return { text: `twin ${request.text}` };
    }

    @Handles(OTHER)
    async other({ tenantId }: { tenantId: string }): Promise<string> {
      return tenantId;
    }
  }

  const reached: string[] = [];

  @Controller()
  class EchoController {
    @Handles(OTHER)
    async other({ tenantId }: { tenantId: string }): Promise<string> {
      reached.push(tenantId);
      return tenantId;
    }
  }

  /**
   * The handlers of an application made of `controllers`, with a pipe and a guard that record what they
   * see; the guard answers a promise, or (`guardAtOnce`) passes at once as a session known valid does.
   */
  async function handlersOf(controllers: Type<unknown>[], { guardAtOnce = false } = {}) {
    @Module({ controllers })
    class NotesModule {}
    const app = await NestFactory.createApplicationContext(NotesModule, { logger: false });
    const seen: string[] = [];
    const pipe: PipeTransform = {
      transform: (value: unknown, { metatype }: ArgumentMetadata) => {
        seen.push(`pipe ${metatype === NoteDto ? 'NoteDto' : String(metatype?.name)}`);
        return value;
      },
    };
    const check = (handler: object, controller: object, request: unknown): undefined => {
      seen.push(`guard ${(handler as { name: string }).name} of ${(controller as { name: string }).name}`);
      if ((request as { refuse?: boolean }).refuse) throw appError('SESSION_ENDED', 'Session ended');
      return undefined;
    };
    const guardFor = (handler: object, controller: object) =>
      guardAtOnce ? (request: unknown) => check(handler, controller, request) : async (request: unknown) => check(handler, controller, request);
    const handlers = directHandlersOf(app.get(ModulesContainer), { guardFor, pipe });
    return { handlers, seen, close: () => app.close() };
  }

  it('finds every handler declared with Handles, by subject', async () => {
    const { handlers, close } = await handlersOf([NotesController]);
    try {
      expect([...handlers.keys()].sort()).toEqual([NOTES_CREATE.subject, NOTES_FIND.subject]);
    } finally {
      await close();
    }
  });

  it("runs the guard, the global pipe and the handler's own validation before the method, as Nest's pipeline does", async () => {
    const { handlers, seen, close } = await handlersOf([NotesController]);
    try {
      const answer = await handlers.get(NOTES_CREATE.subject)?.({ tenantId: 't1', data: { text: '  Mare  ' } });
      expect(answer).toEqual({ text: 'Mare' });
      expect(answer).toBeInstanceOf(NoteDto);
      // the global pipe sees the parameter's declared type: the whole request of `find` is a NoteDto
      await handlers.get(NOTES_FIND.subject)?.({ text: 'Lago' });
      expect(seen).toEqual(['guard create of NotesController', 'pipe Object', 'guard find of NotesController', 'pipe NoteDto']);
    } finally {
      await close();
    }
  });

  it('fails as the pipeline would: a refused session or a broken rule never reaches the method', async () => {
    const { handlers, seen, close } = await handlersOf([NotesController]);
    try {
      const create = handlers.get(NOTES_CREATE.subject);
      expect(await failure(create!({ tenantId: 't1', data: { text: 'x' }, refuse: true }))).toMatchObject({ statusCode: 401 });
      expect(seen).toEqual(['guard create of NotesController']);
      expect(await failure(create!({ tenantId: 't1', data: { text: 'x'.repeat(11) } }))).toMatchObject({
        statusCode: 400,
        message: ['text is at most 10 characters'],
      });
    } finally {
      await close();
    }
  });

  it('calls the method in the same turn when the session check and the pipe answer at once', async () => {
    const { handlers, seen, close } = await handlersOf([EchoController], { guardAtOnce: true });
    try {
      reached.length = 0;
      const answer = handlers.get(OTHER.subject)?.({ tenantId: 't7' });
      // before any await: nothing waited a turn on the way to the method
      expect(reached).toEqual(['t7']);
      await expect(answer).resolves.toBe('t7');
      expect(seen).toEqual(['guard other of EchoController', 'pipe Object']);
    } finally {
      await close();
    }
  });

  it('answers a session refused at once as a rejected promise, never a throw, and never reaches the method', async () => {
    const { handlers, close } = await handlersOf([EchoController], { guardAtOnce: true });
    try {
      reached.length = 0;
      const answer = handlers.get(OTHER.subject)!({ tenantId: 't7', refuse: true });
      expect(await failure(answer)).toMatchObject({ statusCode: 401 });
      expect(reached).toEqual([]);
    } finally {
      await close();
    }
  });

  it('leaves a subject that two controllers declare to Nest, and keeps the others', async () => {
    const { handlers, close } = await handlersOf([NotesController, TwinController]);
    try {
      expect([...handlers.keys()].sort()).toEqual([NOTES_CREATE.subject, OTHER.subject]);
      await expect(handlers.get(OTHER.subject)?.({ tenantId: 't9' })).resolves.toBe('t9');
    } finally {
      await close();
    }
  });
});
