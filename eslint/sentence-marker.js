/**
 * A sentence of the server or the contract is found for translation by the `/*i18n*\/` comment
 * before its string (`lingui extract` reads no macro there; docs/decisions/0128-languages.md). This
 * rule finds a sentence written without it, where a string is known to be a sentence:
 *
 * - the message of an error (`conflict`, `notFound`, `forbidden`, `badRequest`, `unauthenticated`,
 *   `new AppError(status, code, message)`, `new RetryLater(message)`) and of `refusal`, `say`, `tell`;
 * - a `sentence` property (`{ sentence, values }`);
 * - a declaration typed `Sentence`, or typed with `Sentence` values (`Record<K, Sentence>`,
 *   `{ message: Sentence }`, also through `satisfies`).
 *
 * Through a constant of the same file too (`throw conflict(CLOSED)` checks CLOSED's string). A
 * string may be a choice (`a ? 'x' : 'y'`, `a ?? 'x'`): each string is checked.
 */

const FIRST_ARGUMENT = new Set([
  'badRequest',
  'unauthenticated',
  'forbidden',
  'notFound',
  'conflict',
  'refusal',
  'say',
  'tell',
]);
const CONSTRUCTORS = { AppError: 2, RetryLater: 0 };

const hasMarker = (sourceCode, node) =>
  sourceCode.getCommentsBefore(node).some((comment) => comment.type === 'Block' && comment.value.trim() === 'i18n');

const isText = (node) => (node.type === 'Literal' && typeof node.value === 'string') || node.type === 'TemplateLiteral';

/** The names a type gives `Sentence` values (`message: Sentence`), and whether it is a record of them. */
function sentenceShape(typeText) {
  const names = new Set([...typeText.matchAll(/(\w+)\??\s*:\s*Sentence\b/g)].map((match) => match[1]));
  return { names, record: /Record<[^,<>]+,\s*Sentence\s*>/.test(typeText), whole: /^Sentence$/.test(typeText.trim()) };
}

const propertyName = (property) =>
  property.key.type === 'Identifier'
    ? property.key.name
    : property.key.type === 'Literal'
      ? String(property.key.value)
      : undefined;

export const sentenceMarker = {
  meta: {
    type: 'problem',
    docs: {
      description: 'A server or contract sentence carries its /*i18n*/ marker, so that lingui extract finds it.',
    },
    messages: {
      missing:
        'This sentence has no /*i18n*/ marker before it: lingui extract will not find it, and it will show in English in every language (docs/decisions/0128-languages.md).',
    },
    schema: [],
  },
  create(context) {
    const { sourceCode } = context;
    const checked = new Set();

    /** Reports each string of a sentence's value that lacks the marker. */
    function check(node, scopeNode) {
      if (!node || checked.has(node)) return;
      checked.add(node);
      if (isText(node)) {
        if (!hasMarker(sourceCode, node)) context.report({ node, messageId: 'missing' });
      } else if (node.type === 'ConditionalExpression') {
        check(node.consequent, scopeNode);
        check(node.alternate, scopeNode);
      } else if (node.type === 'LogicalExpression') {
        check(node.right, scopeNode);
      } else if (node.type === 'TSAsExpression' || node.type === 'TSSatisfiesExpression') {
        check(node.expression, scopeNode);
      } else if (node.type === 'ObjectExpression') {
        const sentence = node.properties.find(
          (property) => property.type === 'Property' && propertyName(property) === 'sentence',
        );
        if (sentence) check(sentence.value, scopeNode);
      } else if (node.type === 'Identifier') {
        // A constant of this file: its string is the sentence.
        let scope = sourceCode.getScope(scopeNode);
        while (scope) {
          const variable = scope.set.get(node.name);
          if (variable) {
            const definition = variable.defs[0];
            if (definition?.type === 'Variable' && definition.parent.kind === 'const')
              check(definition.node.init, scopeNode);
            return;
          }
          scope = scope.upper;
        }
      }
    }

    /** The strings of an object typed with Sentence values. */
    function checkShaped(node, shape) {
      if (!node) return;
      if (node.type === 'TSAsExpression' || node.type === 'TSSatisfiesExpression')
        return checkShaped(node.expression, shape);
      if (node.type !== 'ObjectExpression') return;
      for (const property of node.properties) {
        if (property.type !== 'Property') continue;
        if (shape.names.has(propertyName(property)) || (shape.record && isText(property.value)))
          check(property.value, property);
        else if (property.value.type === 'ObjectExpression') checkShaped(property.value, shape);
      }
    }

    function checkTyped(typeNode, init) {
      const shape = sentenceShape(sourceCode.getText(typeNode));
      if (shape.whole) check(init, init);
      else if (shape.names.size > 0 || shape.record) checkShaped(init, shape);
    }

    return {
      CallExpression(node) {
        if (node.callee.type === 'Identifier' && FIRST_ARGUMENT.has(node.callee.name)) check(node.arguments[0], node);
      },
      NewExpression(node) {
        const at = node.callee.type === 'Identifier' ? CONSTRUCTORS[node.callee.name] : undefined;
        if (at !== undefined) check(node.arguments[at], node);
      },
      Property(node) {
        if (propertyName(node) === 'sentence' && node.parent.type === 'ObjectExpression') check(node.value, node);
      },
      VariableDeclarator(node) {
        if (!node.init) return;
        if (node.id.typeAnnotation) checkTyped(node.id.typeAnnotation.typeAnnotation, node.init);
        if (node.init.type === 'TSSatisfiesExpression') checkTyped(node.init.typeAnnotation, node.init.expression);
      },
    };
  },
};

/** The rule as a plugin of its own, for eslint.config.js. */
export const sentencePlugin = { rules: { 'sentence-marker': sentenceMarker } };
