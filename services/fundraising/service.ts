import { defineService } from '@giving/shared/manifest';

/** fundraising: no routes yet (see DESIGN.md §1 for what it will own). */
export default defineService({ service: 'fundraising' });
