export const DELETE_TENANT_CONFIRMATION = 'Are you sure you want to delete this tenant? This action cannot be undone.';
