export { isPublicAddress } from './public-address';
export { bareHost, type EgressRule, PUBLIC_WEB, resolvedAddressProblem, urlProblem, webhookRule } from './egress-rule';
export { EgressRefusedError, guardedLookup, targetProblem } from './guarded-lookup';
export { connectionErrorMessage } from './connection-error';
