export { CursorError, KeysetCursorCodec, type KeysetPosition } from './keyset-cursor';
