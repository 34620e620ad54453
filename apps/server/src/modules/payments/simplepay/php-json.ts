/**
 * JSON text as PHP's `json_encode` writes it with default flags, which is what the official
 * SimplePay SDK signs: no spaces, `/` escaped as `\/`, every non-ASCII UTF-16 unit as a lowercase
 * `\uXXXX` (so an emoji becomes its surrogate pair). Matching these bytes keeps our signatures
 * identical to the SDK's for the same message.
 */
export function phpJsonEncode(value: unknown): string {
  const text = JSON.stringify(value);
  if (text === undefined) throw new TypeError('value cannot be encoded as JSON');
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x2f) out += '\\/';
    else if (code > 0x7e) out += `\\u${code.toString(16).padStart(4, '0')}`;
    else out += text[i];
  }
  return out;
}
