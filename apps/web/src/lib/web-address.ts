// The rule lives in @dxp/contracts/web-address; this file goes once no route imports it from here.
export { isWebAddress, webAddressMaxLength } from '@dxp/contracts/web-address';
