export {
  MAX_RESTORE_POINTS_PER_DESIGN,
  RESTORE_POINT_POLICY,
  type RestorePointPolicy,
  type RestorePointStamp,
  restorePointsToDrop,
  type ThinningTier,
} from './thinning';
