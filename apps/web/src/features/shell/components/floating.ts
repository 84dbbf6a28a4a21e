// Mantine's floating components, reached only through lazy imports (deferred.tsx).
export { Tooltip } from '@mantine/core';
