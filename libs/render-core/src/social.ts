export { socialLabel } from './defaults';
