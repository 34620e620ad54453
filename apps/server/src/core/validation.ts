import type { FieldProblem } from './errors.js';
import { messageCatalogs } from '@voltpark/contract';

interface IssueLike {
  code?: string;
  message?: string;
  path?: PropertyKey[];
  origin?: string;
  instancePath?: string;
}

/** Zod issues → field problems with catalog message keys (contract messages are keys already). */
export function fieldProblems(issues: readonly IssueLike[], location: string): FieldProblem[] {
  return issues.map((issue) => {
    const path = issue.path?.map(String).join('.') ?? issue.instancePath?.replace(/^\//, '') ?? '';
    return { field: path || location, messageKey: messageKeyOf(issue) };
  });
}

function messageKeyOf(issue: IssueLike): string {
  if (issue.message && issue.message in messageCatalogs.hu) return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      return issue.message?.endsWith('received undefined') ? 'invalid.required' : 'invalid.value';
    case 'too_big':
      return issue.origin === 'string' ? 'invalid.tooLong' : 'invalid.range';
    case 'too_small':
      return issue.origin === 'string' ? 'invalid.required' : 'invalid.range';
    case 'invalid_format':
      return issue.message?.includes('email') ? 'invalid.email' : 'invalid.value';
    default:
      return 'invalid.value';
  }
}
