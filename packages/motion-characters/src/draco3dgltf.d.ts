// draco3dgltf ships without type declarations; gltf-transform takes its modules as opaque values.
declare module 'draco3dgltf' {
  const draco: {
    createDecoderModule: (options?: object) => Promise<unknown>
    createEncoderModule: (options?: object) => Promise<unknown>
  }
  export default draco
}
