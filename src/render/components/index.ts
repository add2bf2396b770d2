export type ComponentMap = Readonly<Record<string, import('preact').ComponentType<any>>>;
export const components: ComponentMap = {};
