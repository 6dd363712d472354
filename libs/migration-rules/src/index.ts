export { expandContractProblems, type Migration } from './expand-contract';
