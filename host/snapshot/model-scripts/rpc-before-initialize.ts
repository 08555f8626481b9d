// This scenario never calls the model: the stub must receive no request.
export default []
