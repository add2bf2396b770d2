export { percentEncode } from './percent-encode.js';
export { contentText, cookieHeader, explodeOf, isFormType, scalarText, serializeCookie, serializeHeader, serializePath, serializeQuery, styleOf, type EncodedPair, type ParameterLocation, type StyledParameter } from './serialize.js';
export { fieldSyntax, fromFieldText, toFieldText, type FieldShape } from './field-text.js';
