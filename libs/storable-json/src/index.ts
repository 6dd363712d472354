export { findJsonFault, formatJsonPath, type JsonFault, type JsonPath, MAX_JSON_DEPTH, unstorableText } from './storable-json';
