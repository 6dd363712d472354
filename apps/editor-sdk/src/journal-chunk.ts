// The journal's code, built apart from embed.js (tools/lib/build-editor.mjs) as a module
// among the editor's hashed assets: the SDK imports it when an editor frame first asks for
// its journal, so the script every integrator's page loads stays small (issue 13).
export { answerJournal, Journal, JournalKeys, keyBytes } from '@embed/editor-journal';
