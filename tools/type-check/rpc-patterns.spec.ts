import path from 'node:path';
import ts from 'typescript';

/*
 * A pattern's request and response types bind both ends: the gateway route that sends it and the
 * service handler that answers it. Each fixture below declares both ends against patterns whose types
 * changed, with a @ts-expect-error on every declaration that must then fail to compile.
 */
const root = path.resolve(__dirname, '../..');
const ENDS = [
  { end: 'gateway', tsconfig: 'apps/gateway/tsconfig.app.json', fixture: 'apps/gateway/src/catalogue/vat-rates.type-check.ts' },
  { end: 'service', tsconfig: 'apps/catalogue/tsconfig.app.json', fixture: 'apps/catalogue/src/vat-rates/vat-rates.type-check.ts' },
];

const EXPECT_ERROR = /^\s*\/\/ @ts-expect-error\b/;

/** The fixture's own compile errors, as "line: message" (lines from 1), with its text rewritten if asked. */
function compileErrors(tsconfig: string, fixture: string, rewrite: (text: string) => string = (text) => text): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(path.join(root, tsconfig), {}, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  });
  if (!config) throw new Error(`${tsconfig} does not load`);
  const options = { ...config.options, noEmit: true };
  const host = ts.createCompilerHost(options);
  const fixturePath = path.join(root, fixture);
  const readSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, ...rest) =>
    path.resolve(fileName) === fixturePath
      ? ts.createSourceFile(fileName, rewrite(ts.sys.readFile(fileName) ?? ''), languageVersion, true)
      : readSourceFile(fileName, languageVersion, ...rest);
  const program = ts.createProgram({ rootNames: [fixturePath], options, host });
  const sourceFile = program.getSourceFile(fixturePath);
  if (!sourceFile) throw new Error(`${fixture} is not part of the program`);
  return [...program.getSyntacticDiagnostics(sourceFile), ...program.getSemanticDiagnostics(sourceFile)].map((diagnostic) => {
    const line = sourceFile.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1;
    return `${line}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`;
  });
}

describe.each(ENDS)('the $end end of a pattern', ({ tsconfig, fixture }) => {
  const lines = ts.sys.readFile(path.join(root, fixture))?.split('\n') ?? [];
  const expectedErrorLines = lines.flatMap((line, index) => (EXPECT_ERROR.test(line) ? [index + 2] : []));

  it('compiles: every line marked to fail does fail', () => {
    expect(expectedErrorLines.length).toBeGreaterThanOrEqual(2);
    expect(compileErrors(tsconfig, fixture)).toEqual([]);
  }, 120_000);

  it('fails exactly on the marked lines once the markers are gone', () => {
    const unmarked = compileErrors(tsconfig, fixture, (text) =>
      text
        .split('\n')
        .map((line) => (EXPECT_ERROR.test(line) ? '' : line))
        .join('\n'),
    );
    const failingLines = [...new Set(unmarked.map((error) => Number(error.split(':')[0])))];
    expect(failingLines).toEqual(expectedErrorLines);
  }, 120_000);
});
