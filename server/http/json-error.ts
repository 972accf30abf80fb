import { parse, printParseErrorCode, type ParseError } from 'jsonc-parser';

const DESCRIPTIONS: Record<string, string> = {
  InvalidSymbol: 'unexpected character',
  InvalidNumberFormat: 'invalid number',
  PropertyNameExpected: 'a property name in double quotes was expected',
  ValueExpected: 'a value was expected',
  ColonExpected: "':' was expected",
  CommaExpected: "',' was expected",
  CloseBraceExpected: "'}' was expected",
  CloseBracketExpected: "']' was expected",
  EndOfFileExpected: 'nothing more was expected',
  InvalidCommentToken: 'comments are not JSON',
  UnexpectedEndOfComment: 'comments are not JSON',
  UnexpectedEndOfString: 'a string is not closed',
  UnexpectedEndOfNumber: 'a number is cut short',
  InvalidUnicode: 'invalid \\u escape',
  InvalidEscapeCharacter: 'invalid escape character',
  InvalidCharacter: 'control character inside a string',
};

/**
 * Where and why a body that JSON.parse refused is malformed ("',' was expected at line 3,
 * column 14 (offset 40)"), for the error message: Bun's own parse error gives no position.
 */
export function describeJsonError(text: string): string {
  const errors: ParseError[] = [];
  try {
    parse(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  } catch {
    return 'not valid JSON (nested too deeply to say where)'; // the parser recurses per level
  }
  const first = errors[0];
  if (!first) return 'not valid JSON';
  const before = text.slice(0, first.offset);
  const line = before.split('\n').length;
  const column = first.offset - (before.lastIndexOf('\n') + 1) + 1;
  const code = printParseErrorCode(first.error);
  return `${DESCRIPTIONS[code] ?? code} at line ${line}, column ${column} (offset ${first.offset})`;
}
