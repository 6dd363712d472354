import { ConfigError, type ConfigOf, loadConfig } from '@embed/config';

/** Reads the configuration, or stops the process with a message naming each bad variable. */
export function loadConfigOrExit<S extends Parameters<typeof loadConfig>[0]>(specs: S): ConfigOf<S> {
  try {
    return loadConfig(specs);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}
