import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * Finds the English messages the API can answer with, straight from the sources, so the catalog
 * coverage test fails as soon as someone adds a message without its translations. Test support
 * only: it reads files and parses TypeScript, never runs in the server.
 */

export interface FoundMessage {
  /** the message; a template literal's `${…}` parts become `{}` */
  text: string;
  where: string;
}

/** Callee name → positions of its message arguments (`fields` objects are read for their messages too). */
const MESSAGE_ARGS: Record<string, number[]> = {
  invalid: [0, 1],
  invalidField: [1],
  notAuthenticated: [0],
  tokenNotValid: [0],
  permissionDenied: [0],
  notFound: [0],
  conflict: [0, 1],
  preconditionFailed: [0],
  payloadTooLarge: [0],
  unsupportedMediaType: [0],
  throttled: [1],
  serviceUnavailable: [0],
  insufficientStorage: [0],
  aiNotConfigured: [0],
  upstreamError: [0],
  codeInvalid: [0],
  assertNotThrottled: [2],
  reserveEvents: [2],
  AppError: [2, 3],
  LlmError: [1],
  UnusableAnswer: [0],
};

/** zod checks whose string arguments are custom messages (`.min(1, 'Tags must not be empty.')`). */
const ZOD_MESSAGE_METHODS = new Set(['min', 'max', 'length', 'regex', 'int', 'refine', 'nonempty', 'gte', 'lte']);

function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'testing' && entry.name !== 'node_modules') files.push(...sourceFiles(full));
    } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.d.ts')) {
      files.push(full);
    }
  }
  return files;
}

function calleeName(node: ts.CallExpression | ts.NewExpression): string | null {
  const callee = node.expression;
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  return null;
}

/** Messages in one file: literal arguments of the error factories, zod custom messages, `detail`/`message` values. */
function messagesOfFile(file: string, root: string, zodMessages: boolean): FoundMessage[] {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: FoundMessage[] = [];
  const constants = new Map<string, ts.Expression>();
  const visitConstants = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      constants.set(node.name.text, node.initializer);
    }
    ts.forEachChild(node, visitConstants);
  };
  visitConstants(source);

  const where = (node: ts.Node) =>
    `${path.relative(root, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;

  /** Every message an expression can evaluate to, as far as the source says. */
  const collect = (node: ts.Expression | undefined, seen = new Set<string>()): void => {
    if (!node) return;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      found.push({ text: node.text, where: where(node) });
    } else if (ts.isTemplateExpression(node)) {
      const text = node.head.text + node.templateSpans.map((span) => `{}${span.literal.text}`).join('');
      found.push({ text, where: where(node) });
    } else if (ts.isConditionalExpression(node)) {
      collect(node.whenTrue, seen);
      collect(node.whenFalse, seen);
    } else if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node)) {
      collect(node.expression, seen);
    } else if (ts.isIdentifier(node) && constants.has(node.text) && !seen.has(node.text)) {
      seen.add(node.text);
      collect(constants.get(node.text), seen);
    } else if (ts.isArrayLiteralExpression(node)) {
      for (const element of node.elements) collect(element as ts.Expression, seen);
    } else if (ts.isObjectLiteralExpression(node)) {
      // a `fields` object: `{ name: ['message'] }`
      for (const property of node.properties) {
        if (ts.isPropertyAssignment(property)) collect(property.initializer, seen);
      }
    }
  };

  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
      const name = calleeName(node);
      const positions = name && Object.hasOwn(MESSAGE_ARGS, name) ? MESSAGE_ARGS[name] : undefined;
      if (positions) for (const index of positions) collect(node.arguments?.[index]);
      if (
        zodMessages &&
        name &&
        ZOD_MESSAGE_METHODS.has(name) &&
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression)
      ) {
        for (const argument of node.arguments) {
          if (ts.isStringLiteral(argument) || ts.isNoSubstitutionTemplateLiteral(argument)) collect(argument);
        }
      }
    }
    // default messages of the factories: `(detail = 'Not found.') => …`
    if (ts.isParameter(node) && ts.isIdentifier(node.name) && node.name.text === 'detail') collect(node.initializer);
    // `{ detail: '…' }` bodies and `const detail = …` in the error handler
    if (
      (ts.isPropertyAssignment(node) || ts.isVariableDeclaration(node)) &&
      node.name &&
      ts.isIdentifier(node.name) &&
      (node.name.text === 'detail' || (zodMessages && (node.name.text === 'message' || node.name.text === 'error')))
    ) {
      collect(node.initializer);
    }
    // messages of a `…Problem()` check (passwordProblem): every string it returns
    if (ts.isFunctionDeclaration(node) && node.name?.text.endsWith('Problem')) {
      const returns = (inner: ts.Node) => {
        if (ts.isReturnStatement(inner)) collect(inner.expression);
        ts.forEachChild(inner, returns);
      };
      ts.forEachChild(node, returns);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every English message the server, the contract and tree-core can put in an error answer. */
export function literalMessages(repoRoot: string): FoundMessage[] {
  const roots: Array<[string, boolean]> = [
    ['apps/server/src', false],
    ['packages/contract/src', true],
    ['packages/tree-core/src', true],
  ];
  const found: FoundMessage[] = [];
  for (const [dir, zodMessages] of roots) {
    for (const file of sourceFiles(path.join(repoRoot, dir))) {
      found.push(...messagesOfFile(file, repoRoot, zodMessages));
    }
  }
  // `message:`/`error:` values and zod args also catch non-messages (`error: z.string()` is no literal,
  // but `.min(0)` is no string either); keep only sentences, which every API message is.
  return found.filter((message) => /[A-Za-z]/.test(message.text) && /\s/.test(message.text.trim()));
}
