/**
 * The privacy module's front door (decision 0162): what the rest of the server may use of it.
 */
export { createPrivacyService } from './privacy.service';
export { replayErasures } from './erasure';
export { erasureKey, erasureRecords } from './erasure-records';
export { applyRetention, retentionIds } from './retention';
